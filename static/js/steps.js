/* After htmx swaps a step or a table in place: focus moves to the heading of what changed
   (without scrolling), and one short status line tells a screen reader what happened.
   A static file: the site's Content-Security-Policy allows no inline script. */
(function () {
  "use strict";

  function say(text) {
    var status = document.getElementById("status");
    if (!status || !text) return;
    // Emptied first, so the same words said twice are still read out.
    status.textContent = "";
    window.setTimeout(function () {
      status.textContent = text;
    }, 50);
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    // An outerHTML swap replaces the target: find its successor by the id they share.
    var target = event.detail.target;
    var swapped = target && target.id && document.getElementById(target.id);
    if (!swapped) return;
    var heading = null;
    if (swapped.id === "step") heading = swapped.querySelector("h1");
    else if (swapped.id === "table") heading = swapped.querySelector("h2");
    if (!heading) return;
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
    say(swapped.getAttribute("data-status") || heading.textContent);
  });
})();
