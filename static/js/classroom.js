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
  var busy = false;
  var waiting = [];

  function press(id) {
    var control = document.getElementById(id);
    if (!control || control.disabled) return;
    if (control.tagName === "BUTTON" && control.form) busy = true;
    control.click();
  }

  function done() {
    busy = false;
    if (waiting.length) press(waiting.shift());
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    if (busy && event.detail.requestConfig && event.detail.requestConfig.verb === "post") done();
  });

  document.addEventListener("keydown", function (event) {
    if (!document.body.classList.contains("projector")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    var id = KEYS[event.key];
    if (!id || !document.getElementById(id)) return;
    event.preventDefault();
    if (busy && id !== "key-full") {
      waiting.push(id);
    } else {
      press(id);
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#key-full")) fullScreen();
  });
})();
