// The projector's keys: → next, ← back, R reveal, F full screen, Q the QR code to join, big. Each presses the page's own
// button (or link), so the page works the same with the mouse and without JavaScript.
(function () {
  "use strict";
  var KEYS = { ArrowRight: "key-next", ArrowLeft: "key-prev", r: "key-reveal", R: "key-reveal", f: "key-full", F: "key-full", q: "key-join", Q: "key-join" };

  function fullScreen() {
    if (document.fullscreenElement) {
      document.exitFullscreen();
    } else if (document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().catch(function () {});
    }
  }

  // One teacher action at a time: a key pressed while the last one is on its way waits for it,
  // then presses the button of the page that came back.
  // While it is on its way, the stage's own poll neither starts nor swaps in an older page.
  var busy = false;
  var busySince = 0;
  var waiting = [];

  function press(id) {
    var control = document.getElementById(id);
    if (!control || control.disabled) return;
    if (control.tagName === "BUTTON" && control.form) {
      busy = true;
      busySince = Date.now();
    }
    control.click();
  }

  function done() {
    busy = false;
    if (waiting.length) press(waiting.shift());
  }

  function isBusy() {
    if (busy && Date.now() - busySince > 10000) busy = false; // an answer that never came
    return busy;
  }

  function stagePoll(event) {
    var elt = event.detail.elt;
    var config = event.detail.requestConfig;
    return elt && elt.id === "stage" && config && config.verb === "get";
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isBusy() && stagePoll(event)) event.preventDefault();
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isBusy() && stagePoll(event)) event.detail.shouldSwap = false;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var config = event.detail.requestConfig;
    if (busy && config && config.verb === "post") done();
  });

  document.addEventListener("keydown", function (event) {
    if (!document.body.classList.contains("projector")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    var id = KEYS[event.key];
    if (!id || !document.getElementById(id)) return;
    event.preventDefault();
    if (isBusy() && id !== "key-full" && id !== "key-join") {
      waiting.push(id);
    } else {
      press(id);
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#key-full")) fullScreen();
  });

  // The projector's chart, framed around the current box so that its labels are at least
  // LABEL_EM of the room's text on screen, whatever the screen (the rest of the chart is cut).
  // Without JavaScript the server's frame (items.zoom_diagram) stays.
  var LABEL_EM = 0.72; // of the room's text (28 px at 1280x720): 20 px, 30 px at 1920x1080

  function frame(svg) {
    var box = svg.parentElement, room = box.parentElement; // the figure, in the stage's area
    var width = room.clientWidth, height = room.clientHeight;
    var graph = svg.querySelector("g.graph");
    var labels = svg.querySelectorAll("text");
    if (!width || !height) { // a long item took the chart's place: no chart, not a sliver
      box.setAttribute("hidden", "");
      return;
    }
    if (!graph || !labels.length) return;
    // the whole chart: Graphviz's size in points is its drawing's size in units
    var whole = [0, 0, parseFloat(svg.getAttribute("width")), parseFloat(svg.getAttribute("height"))];
    if (!whole[2] || !whole[3]) return;
    var size = Infinity; // the smallest label (the answers on the arrows are smaller)
    labels.forEach(function (t) { size = Math.min(size, parseFloat(t.getAttribute("font-size")) || 14); });
    var least = LABEL_EM * parseFloat(getComputedStyle(document.body).fontSize);
    var scale = least / size; // screen pixels per unit of the chart, at least
    box.removeAttribute("hidden"); // measured shown (a hidden box has no size)
    var current = svg.querySelector("g.node.current") || svg.querySelector("g.node");
    var b = current.getBBox();
    // No room for the current box at that size (a long item): no chart rather than a sliver.
    if (height < 3 * least || (b.height + 8) * scale > height || (b.width + 8) * scale > width) {
      box.setAttribute("hidden", "");
      return;
    }
    if (Math.min(width / whole[2], height / whole[3]) >= scale) {
      svg.setAttribute("viewBox", whole.join(" "));
      return;
    }
    var w = Math.min(whole[2], width / scale), h = Math.min(whole[3], height / scale);
    var shift = graph.transform.baseVal.consolidate();
    var m = shift ? shift.matrix : { a: 1, d: 1, e: 0, f: 0 };
    var cx = (b.x + b.width / 2) * m.a + m.e, cy = (b.y + b.height / 2) * m.d + m.f;
    var left = Math.min(Math.max(whole[0], cx - w / 2), whole[0] + whole[2] - w);
    var top = Math.min(Math.max(whole[1], cy - h / 2), whole[1] + whole[3] - h);
    svg.setAttribute("viewBox", [left, top, w, h].map(function (n) { return n.toFixed(1); }).join(" "));
  }

  function frameAll() {
    if (!document.body.classList.contains("projector")) return;
    document.querySelectorAll(".visual .diagram svg").forEach(frame);
  }

  document.addEventListener("DOMContentLoaded", frameAll);
  document.addEventListener("htmx:afterSettle", frameAll);
  window.addEventListener("resize", frameAll);
})();
