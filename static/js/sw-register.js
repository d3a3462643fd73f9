/* Installs PenaltyFlow's service worker (the offline copy), and when a new
   version is ready, offers to reload instead of changing the page under the user. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var sw = navigator.serviceWorker;
  var hadController = Boolean(sw.controller);
  var asked = false; // the user pressed "Reload for the new version" in this tab

  function offer(worker) {
    if (document.querySelector(".sw-update")) return;
    var bar = document.createElement("div");
    bar.className = "sw-update";
    bar.setAttribute("role", "status");
    var text = document.createElement("p");
    text.textContent = "A new version of PenaltyFlow is ready.";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "sw-update-button";
    button.textContent = "Reload for the new version";
    button.addEventListener("click", function () {
      button.disabled = true;
      asked = true;
      if (worker) worker.postMessage({ type: "reload-for-new-version" });
      else window.location.reload(); // another tab already switched to it
    });
    bar.append(text, button);
    document.body.append(bar);
    document.body.classList.add("has-sw-update"); // room below the page for the bar
  }

  sw.addEventListener("controllerchange", function () {
    // The new version took over. If this tab asked for it, show it; if another
    // tab did, offer the reload here too rather than change this page unasked.
    if (asked) window.location.reload();
    else if (hadController) {
      var stale = document.querySelector(".sw-update");
      if (stale) stale.remove();
      offer(null);
    }
    hadController = true;
  });

  function watch(registration) {
    if (!registration) return; // blocked (a browser setting, or a test's context)
    if (registration.waiting && sw.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && sw.controller) offer(worker);
      });
    });
    var check = function () {
      registration.update().catch(function () {});
    };
    window.addEventListener("online", check);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") check();
    });
  }

  // Offline, a card tried on a kept step cannot be judged (the engine is on the server):
  // the service worker says so, and the page shows it by the table (never a silent reload).
  var TRY_NEEDS_NETWORK = "try-needs-network";
  function tryNeedsNetwork() {
    var table = document.getElementById("table");
    if (!table) return;
    var note = table.querySelector(".offline-note");
    if (!note) {
      note = document.createElement("p");
      note.className = "offline-note";
      note.setAttribute("role", "alert");
      var heading = table.querySelector("h2");
      if (heading) heading.after(note);
      else table.prepend(note);
    }
    note.textContent =
      "You are offline: trying a card needs the network, because the rules engine on the " +
      "server judges it. The step, its deal and its chart are kept; try the card again online.";
    note.scrollIntoView({ block: "nearest" });
  }
  document.addEventListener(TRY_NEEDS_NETWORK, tryNeedsNetwork);
  window.addEventListener("online", function () {
    var note = document.querySelector(".offline-note");
    if (note) note.remove();
  });
  document.addEventListener("DOMContentLoaded", function () {
    if (window.location.hash === "#" + TRY_NEEDS_NETWORK) {
      tryNeedsNetwork();
      history.replaceState(null, "", window.location.pathname);
    }
  });

  window.addEventListener("load", function () {
    sw.register("/sw.js", { scope: "/" }).then(watch, function () {});
  });
})();
