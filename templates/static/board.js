/* Steps through a game on the board drawn at build time. No libraries, no network.
 *
 * Keyboard: the buttons; ← and → step anywhere on the page (not while typing, not with a
 * modifier key, so Alt+← still goes back); Home and End while the focus is in the viewer.
 * The caption under the board says where the game is (read out by screen readers as it
 * changes), and the board's text alternative lists the pieces of the position shown. */
(function () {
  "use strict";
  var SIZE = 45;
  var NAMES = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
  var SVG = "http://www.w3.org/2000/svg";

  /* The same words as the page's macro position_words: "White: king g1, pawns f2 and g2; ..." */
  function words(placement) {
    var found = [];
    placement.split("/").forEach(function (rank, row) {
      var column = 0;
      rank.split("").forEach(function (ch) {
        if (/\d/.test(ch)) { column += parseInt(ch, 10); return; }
        found.push([ch, "abcdefgh".charAt(column) + (8 - row)]);
        column += 1;
      });
    });
    return [["White", "KQRBNP"], ["Black", "kqrbnp"]].map(function (side) {
      var parts = [];
      side[1].split("").forEach(function (letter) {
        var squares = found.filter(function (f) { return f[0] === letter; })
          .map(function (f) { return f[1]; }).sort();
        if (!squares.length) return;
        var name = NAMES[letter.toLowerCase()] + (squares.length > 1 ? "s " : " ");
        var list = squares.length > 1
          ? squares.slice(0, -1).join(", ") + " and " + squares[squares.length - 1]
          : squares[0];
        parts.push(name + list);
      });
      return side[0] + ": " + (parts.length ? parts.join(", ") : "no pieces");
    }).join("; ");
  }

  function setup(viewer) {
    var data = JSON.parse(viewer.querySelector(".viewer-data").textContent);
    var svg = viewer.querySelector("svg.board");
    var pieces = svg.querySelector(".pieces");
    var marks = svg.querySelector(".last-move");
    var status = viewer.querySelector("[data-status]");
    var described = viewer.querySelector("[data-pieces]");
    var flip = viewer.querySelector("[data-go=flip]");
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
    function moveName(n) {
      var link = links[n - 1];
      return Math.ceil(n / 2) + (n % 2 ? ". " : "… ") + (link ? link.textContent : "");
    }
    function where() {
      if (ply === 0) return "Start position";
      return (ply === last ? "Final position, after " : "After ") + moveName(ply);
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
        var current = Number(link.dataset.ply) === ply;
        link.classList.toggle("current", current);
        if (current) link.setAttribute("aria-current", "step");
        else link.removeAttribute("aria-current");
      });
      var label = where() + (flipped ? ", seen from Black" : "");
      svg.setAttribute("aria-label", label);
      if (status) status.textContent = label;
      if (described) described.textContent = ". " + words(data.positions[ply]);
      if (flip) flip.setAttribute("aria-pressed", flipped ? "true" : "false");
    }
    function go(target) {
      ply = Math.max(0, Math.min(last, target));
      draw();
      /* A keyboard user moving along the list of moves keeps the focus on the current move. */
      var focused = document.activeElement;
      if (focused && focused.dataset && focused.dataset.ply && ply > 0) links[ply - 1].focus();
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
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var target = event.target;
      if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
      var inside = viewer.contains(target);
      if (event.key === "ArrowLeft") go(ply - 1);
      else if (event.key === "ArrowRight") go(ply + 1);
      else if (event.key === "Home" && inside) go(0);
      else if (event.key === "End" && inside) go(last);
      else return;
      event.preventDefault();
    });
    draw();
  }

  document.querySelectorAll("[data-viewer]").forEach(setup);
})();
