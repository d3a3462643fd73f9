// The projector's keys: → next, ← back, R reveal, F full screen. Each presses the page's own
// button (or link), so the page works the same with the mouse and without JavaScript.
(function () {
  "use strict";
  var KEYS = { ArrowRight: "key-next", ArrowLeft: "key-prev", r: "key-reveal", R: "key-reveal", f: "key-full", F: "key-full" };

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
    if (isBusy() && id !== "key-full") {
      waiting.push(id);
    } else {
      press(id);
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#key-full")) fullScreen();
  });
})();
