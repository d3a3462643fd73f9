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

  document.addEventListener("keydown", function (event) {
    if (!document.body.classList.contains("projector")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    var control = document.getElementById(KEYS[event.key] || "");
    if (!control || control.disabled) return;
    event.preventDefault();
    control.click();
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#key-full")) fullScreen();
  });
})();
