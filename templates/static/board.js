/* Steps through a game on the board drawn at build time. No libraries, no network.
 *
 * The page gives the starting position and the moves (UCI: from and to squares, and the piece
 * a pawn promotes to); the positions are worked out here, move by move. The moves were
 * checked by python-chess at build time, so only castling (a king moving two squares, or
 * onto its own rook in Chess960), en passant and promotion need care. Variant games come
 * with every position already worked out.
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

  /* The same words as the build's position_in_words: "White: king g1, pawns f2 and g2; ..." */
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

  /* A placement as 64 squares, a8 first ("" for an empty square), and back. */
  function expand(placement) {
    var squares = [];
    placement.split("/").forEach(function (rank) {
      rank.split("").forEach(function (ch) {
        if (/\d/.test(ch)) {
          for (var i = 0; i < parseInt(ch, 10); i += 1) squares.push("");
        } else {
          squares.push(ch);
        }
      });
    });
    return squares;
  }
  function pack(squares) {
    var ranks = [];
    for (var row = 0; row < 8; row += 1) {
      var text = "";
      var empty = 0;
      for (var column = 0; column < 8; column += 1) {
        var piece = squares[row * 8 + column];
        if (!piece) { empty += 1; continue; }
        if (empty) { text += empty; empty = 0; }
        text += piece;
      }
      ranks.push(text + (empty ? empty : ""));
    }
    return ranks.join("/");
  }
  function index(name) {
    return (8 - parseInt(name.charAt(1), 10)) * 8 + name.charCodeAt(0) - 97;
  }
  function play(squares, uci) {
    if (uci === "0000") return; /* a null move: the other side moves next, nothing else */
    var from = index(uci.slice(0, 2));
    var to = index(uci.slice(2, 4));
    var piece = squares[from];
    var taken = squares[to];
    var white = piece === piece.toUpperCase();
    var row = Math.floor(from / 8);
    var kingside = to % 8 > from % 8;
    squares[from] = "";
    if (piece.toLowerCase() === "k" && taken === (white ? "R" : "r")) {
      /* Chess960 castling, written as the king taking its own rook */
      squares[to] = "";
      squares[row * 8 + (kingside ? 6 : 2)] = piece;
      squares[row * 8 + (kingside ? 5 : 3)] = taken;
      return;
    }
    if (piece.toLowerCase() === "k" && Math.abs(to % 8 - from % 8) === 2) {
      var corner = row * 8 + (kingside ? 7 : 0);
      squares[row * 8 + (kingside ? 5 : 3)] = squares[corner];
      squares[corner] = "";
    }
    if (piece.toLowerCase() === "p" && to % 8 !== from % 8 && !taken) {
      squares[row * 8 + to % 8] = ""; /* en passant: the pawn passed stands beside */
    }
    var promoted = uci.charAt(4);
    squares[to] = promoted ? (white ? promoted.toUpperCase() : promoted.toLowerCase()) : piece;
  }
  function replay(start, moves) {
    var squares = expand(start);
    var positions = [start];
    moves.forEach(function (uci) {
      play(squares, uci);
      positions.push(pack(squares));
    });
    return positions;
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
    var positions = data.positions || replay(data.start, data.moves);
    var last = positions.length - 1;
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
    /* Half-move n of the game, named as the list numbers it: a game from a FEN counts on
     * from the FEN's move and side to move (data.first: the half-moves before its first). */
    function moveName(n) {
      var link = links[n - 1];
      var h = (data.first || 0) + n;
      return Math.ceil(h / 2) + (h % 2 ? ". " : "… ") + (link ? link.textContent : "");
    }
    function where() {
      if (ply === 0) return "Start position";
      /* data.latest: a game still on, whose last position entered is not a final one. */
      var end = data.latest ? "Latest position, after " : "Final position, after ";
      return (ply === last ? end : "After ") + moveName(ply);
    }
    function draw() {
      pieces.textContent = "";
      marks.textContent = "";
      positions[ply].split("/").forEach(function (rank, row) {
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
      var move = ply > 0 ? data.moves[ply - 1] : "0000";
      if (move !== "0000") {
        var marked = move.indexOf("@") >= 0 ? [move.slice(2, 4)] : [move.slice(0, 2), move.slice(2, 4)];
        marked.forEach(function (name) {
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
      if (described) described.textContent = ". " + words(positions[ply]);
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
