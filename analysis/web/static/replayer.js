// The hand replayer: steps through the actions the page lists, drawing each one's pot,
// chips and board (buttons, the arrow keys, Home and End, or a click on a step).
(function () {
  "use strict";
  var steps = JSON.parse(document.getElementById("steps-data").textContent);
  var seats = Array.prototype.slice.call(document.querySelectorAll(".seat"));
  seats.forEach(function (el, i) {  // round the table, the first seat at the top
    var angle = 2 * Math.PI * i / seats.length;
    el.style.left = (50 + 40 * Math.sin(angle)) + "%";
    el.style.top = (46 - 38 * Math.cos(angle)) + "%";
  });
  var items = document.querySelectorAll("#steps li");
  var at = 0;
  function show(n) {
    at = Math.max(0, Math.min(steps.length - 1, n));
    var step = steps[at];
    document.getElementById("pot").textContent = step.pot_text;
    document.getElementById("step-number").textContent = at + " / " + (steps.length - 1);
    document.getElementById("street").textContent = step.street;
    document.getElementById("step-words").textContent = step.words;
    seats.forEach(function (el) {
      var seat = el.dataset.seat;
      document.getElementById("chips-" + seat).textContent = step.chips_text[seat] || "";
      document.getElementById("bet-" + seat).textContent = step.bets_text[seat] || "";
      el.classList.toggle("folded", step.folded.indexOf(Number(seat)) >= 0);
      el.classList.toggle("acting", step.seat === Number(seat));
    });
    document.querySelectorAll(".board .card").forEach(function (card) {
      card.style.visibility = Number(card.dataset.index) < step.cards_out ? "visible" : "hidden";
    });
    items.forEach(function (li, i) { li.classList.toggle("current", i === at); });
  }
  document.getElementById("first").onclick = function () { show(0); };
  document.getElementById("back").onclick = function () { show(at - 1); };
  document.getElementById("next").onclick = function () { show(at + 1); };
  document.getElementById("last").onclick = function () { show(steps.length - 1); };
  items.forEach(function (li, i) { li.onclick = function () { show(i); }; });
  document.addEventListener("keydown", function (event) {
    if (event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA") { return; }
    var moves = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: steps.length - 1};
    if (event.key in moves) { show(moves[event.key]); event.preventDefault(); }
  });
  show(0);
}());
