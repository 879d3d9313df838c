/* The list of players: a "Find a player" box that keeps the rows whose name holds what is
 * typed. No libraries, no network; the page works from file:// too.
 *
 * Without this script the box stays hidden (its "hidden" attribute) and the table is whole.
 * Case and accents are ignored ("abel" finds "Ábel"), and the words in any order ("Anna
 * Alpha" finds "Alpha, Anna"); a number finds the player of that pairing number. The count
 * under the box ("12 of 300 players") is read out by screen readers as it changes. */
(function () {
  "use strict";

  /* Latin letters NFD does not split into a letter and an accent ("lukasz" finds
   * "Łukasz"), read as the pairings by name sort them (views._UNSPLIT_LETTERS). */
  var UNSPLIT = { "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th" };

  /* A text as the box compares it: lower case, accents and every other combining mark
   * dropped (Hebrew and Arabic vowel points too, as the pairings by name sort), commas as
   * spaces. */
  function folded(text) {
    return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
      .replace(/[łøđħıæœþ]/g, function (letter) { return UNSPLIT[letter]; })
      .replace(/[,\s]+/g, " ").trim();
  }

  function setup(finder) {
    var table = document.getElementById(finder.dataset.table);
    var input = finder.querySelector("input");
    var count = finder.querySelector("[data-count]");
    if (!table || !input || !count) return;
    var rows = Array.prototype.slice.call(table.tBodies[0].rows).map(function (row) {
      return { row: row, name: folded(row.cells[1].textContent), number: row.cells[0].textContent.trim() };
    });
    var total = rows.length;
    var noun = total === 1 ? " player" : " players";

    function filter() {
      var query = folded(input.value);
      var words = query ? query.split(" ") : [];
      var shown = 0;
      rows.forEach(function (entry) {
        var kept = !words.length || (/^\d+$/.test(query) && entry.number === query) ||
          words.every(function (word) { return entry.name.indexOf(word) !== -1; });
        entry.row.hidden = !kept;
        if (kept) shown += 1;
      });
      count.textContent = words.length ? shown + " of " + total + noun : total + noun;
    }

    input.addEventListener("input", filter);
    finder.hidden = false;
    filter(); /* a name the browser kept in the box when going back to the page */
  }

  document.querySelectorAll("[data-find-player]").forEach(setup);
})();
