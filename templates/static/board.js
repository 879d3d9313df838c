/* Steps through a game on the board drawn at build time. No libraries, no network. */
(function () {
  "use strict";
  var SIZE = 45;
  var NAMES = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
  var SVG = "http://www.w3.org/2000/svg";

  function setup(viewer) {
    var data = JSON.parse(viewer.querySelector(".viewer-data").textContent);
    var svg = viewer.querySelector("svg.board");
    var pieces = svg.querySelector(".pieces");
    var marks = svg.querySelector(".last-move");
    var links = viewer.querySelectorAll("[data-ply]");
    var last = data.positions.length - 1;
    var ply = last;
    var flipped = false;

    function at(column, row) {
      return flipped ? [7 - column, 7 - row] : [column, row];
    }
    function square(name) {
      return [name.charCodeAt(0) - 97, 8 - parseInt(name.charAt(1), 10)];
    }
    function rect(column, row) {
      var r = document.createElementNS(SVG, "rect");
      var xy = at(column, row);
      r.setAttribute("x", xy[0] * SIZE);
      r.setAttribute("y", xy[1] * SIZE);
      r.setAttribute("width", SIZE);
      r.setAttribute("height", SIZE);
      return r;
    }
    function draw() {
      pieces.textContent = "";
      marks.textContent = "";
      data.positions[ply].split("/").forEach(function (rank, row) {
        var column = 0;
        rank.split("").forEach(function (ch) {
          if (/\d/.test(ch)) { column += parseInt(ch, 10); return; }
          var use = document.createElementNS(SVG, "use");
          var colour = ch === ch.toUpperCase() ? "white-" : "black-";
          var xy = at(column, row);
          use.setAttribute("href", "#" + colour + NAMES[ch.toLowerCase()]);
          use.setAttribute("x", xy[0] * SIZE);
          use.setAttribute("y", xy[1] * SIZE);
          pieces.appendChild(use);
          column += 1;
        });
      });
      if (ply > 0) {
        var move = data.moves[ply - 1];
        [move.slice(0, 2), move.slice(2, 4)].forEach(function (name) {
          var xy = square(name);
          marks.appendChild(rect(xy[0], xy[1]));
        });
      }
      links.forEach(function (link) {
        link.classList.toggle("current", Number(link.dataset.ply) === ply);
      });
    }
    function go(target) {
      ply = Math.max(0, Math.min(last, target));
      draw();
    }
    viewer.querySelectorAll("[data-go]").forEach(function (button) {
      button.addEventListener("click", function () {
        var action = button.dataset.go;
        if (action === "first") go(0);
        else if (action === "prev") go(ply - 1);
        else if (action === "next") go(ply + 1);
        else if (action === "last") go(last);
        else if (action === "flip") { flipped = !flipped; draw(); }
      });
    });
    links.forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        go(Number(link.dataset.ply));
      });
    });
    document.addEventListener("keydown", function (event) {
      if (event.target.closest && event.target.closest("input, textarea")) return;
      if (event.key === "ArrowLeft") go(ply - 1);
      else if (event.key === "ArrowRight") go(ply + 1);
      else if (event.key === "Home") go(0);
      else if (event.key === "End") go(last);
    });
    draw();
  }

  document.querySelectorAll("[data-viewer]").forEach(setup);
})();
