/* Diagrams at a readable size: each one sits at its natural size (text 16 px and more) in a box
   that scrolls to the current step, and opens full screen with pinch-zoom, drag and buttons.
   No inline script anywhere (the site's Content-Security-Policy is default-src 'self'). */
(function () {
  "use strict";

  function currentNode(box) {
    var step = document.getElementById("step");
    var key = step && step.dataset.node;
    return (key && box.querySelector('[id="node-' + key + '"]')) || box.querySelector(".kind-start");
  }

  /* Scroll a diagram's box so that the current step is in the middle of it. */
  function centre(box) {
    var node = currentNode(box);
    if (!node || box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight) return;
    var b = box.getBoundingClientRect();
    var n = node.getBoundingClientRect();
    box.scrollLeft += n.left + n.width / 2 - (b.left + b.width / 2);
    box.scrollTop += n.top + n.height / 2 - (b.top + b.height / 2);
  }

  function centreAll() {
    document.querySelectorAll(".diagram-scroll").forEach(centre);
  }

  /* The full-screen viewer: the diagram's own SVG is moved into it, and back when it closes. */
  var viewer = null;

  function openViewer(opener) {
    var figure = document.getElementById(opener.getAttribute("aria-controls"));
    var svg = figure && figure.querySelector("svg");
    if (!svg || viewer) return;
    var home = svg.parentNode;
    var width = svg.width.baseVal.value;
    var height = svg.height.baseVal.value;
    var overlay = document.createElement("div");
    overlay.className = "viewer";
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", "The diagram, full screen");
    overlay.innerHTML =
      '<div class="viewer-bar">' +
      '<button type="button" class="button" data-zoom="0.8">Zoom out <span aria-hidden="true">−</span></button>' +
      '<button type="button" class="button" data-zoom="1.25">Zoom in <span aria-hidden="true">+</span></button>' +
      '<button type="button" class="button" data-fit>Whole chart</button>' +
      '<button type="button" class="button primary" data-close>Close</button></div>' +
      '<div class="viewer-stage"></div>';
    var stage = overlay.querySelector(".viewer-stage");
    stage.appendChild(svg);
    svg.style.width = width + "px";
    svg.style.height = height + "px";
    document.body.appendChild(overlay);
    document.documentElement.classList.add("viewing");
    var view = { x: 0, y: 0, s: 1 };

    function draw() {
      svg.style.transform = "translate(" + view.x + "px," + view.y + "px) scale(" + view.s + ")";
    }
    function zoomAt(factor, cx, cy) {
      var s = Math.min(4, Math.max(0.1, view.s * factor));
      view.x = cx - (cx - view.x) * (s / view.s);
      view.y = cy - (cy - view.y) * (s / view.s);
      view.s = s;
      draw();
    }
    function fit() {
      var r = stage.getBoundingClientRect();
      view.s = Math.min(r.width / width, r.height / height);
      view.x = (r.width - width * view.s) / 2;
      view.y = (r.height - height * view.s) / 2;
      draw();
    }
    function atCurrent() {
      var r = stage.getBoundingClientRect();
      var node = currentNode(stage);
      view.s = 1;
      view.x = 0;
      view.y = 0;
      draw();
      if (node) {
        var n = node.getBoundingClientRect();
        view.x = r.width / 2 - (n.left - r.left + n.width / 2);
        view.y = r.height / 2 - (n.top - r.top + n.height / 2);
      }
      draw();
    }

    var pointers = new Map();
    var pinch = null;
    stage.addEventListener("pointerdown", function (e) {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, moved: false });
      stage.setPointerCapture(e.pointerId);
    });
    stage.addEventListener("pointermove", function (e) {
      var last = pointers.get(e.pointerId);
      if (!last) return;
      if (pointers.size === 2) {
        var pts = Array.from(pointers.values());
        var other = pts[0] === last ? pts[1] : pts[0];
        var before = Math.hypot(last.x - other.x, last.y - other.y);
        var after = Math.hypot(e.clientX - other.x, e.clientY - other.y);
        var r = stage.getBoundingClientRect();
        if (before > 0) zoomAt(after / before, (e.clientX + other.x) / 2 - r.left, (e.clientY + other.y) / 2 - r.top);
        pinch = true;
      } else if (pointers.size === 1) {
        view.x += e.clientX - last.x;
        view.y += e.clientY - last.y;
        draw();
      }
      if (Math.abs(e.clientX - last.x) + Math.abs(e.clientY - last.y) > 0) last.moved = true;
      last.x = e.clientX;
      last.y = e.clientY;
    });
    function lift(e) {
      var p = pointers.get(e.pointerId);
      pointers.delete(e.pointerId);
      if (pointers.size === 0) pinch = null;
      return p;
    }
    stage.addEventListener("pointerup", function (e) {
      var p = lift(e);
      if (p && p.moved) stage.dataset.dragged = "1"; // a drag is not a click on a box
    });
    stage.addEventListener("pointercancel", lift);
    stage.addEventListener(
      "click",
      function (e) {
        if (stage.dataset.dragged) {
          e.preventDefault();
          delete stage.dataset.dragged;
        }
      },
      true
    );
    stage.addEventListener(
      "wheel",
      function (e) {
        e.preventDefault();
        var r = stage.getBoundingClientRect();
        zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top);
      },
      { passive: false }
    );

    function close() {
      svg.style.transform = "";
      svg.style.width = "";
      svg.style.height = "";
      home.appendChild(svg);
      overlay.remove();
      document.documentElement.classList.remove("viewing");
      document.removeEventListener("keydown", keys);
      viewer = null;
      centreAll();
      opener.focus();
    }
    function keys(e) {
      var r = stage.getBoundingClientRect();
      if (e.key === "Escape") close();
      else if (e.key === "+" || e.key === "=") zoomAt(1.25, r.width / 2, r.height / 2);
      else if (e.key === "-") zoomAt(0.8, r.width / 2, r.height / 2);
      else if (e.key.indexOf("Arrow") === 0) {
        var d = 60;
        view.x += e.key === "ArrowLeft" ? d : e.key === "ArrowRight" ? -d : 0;
        view.y += e.key === "ArrowUp" ? d : e.key === "ArrowDown" ? -d : 0;
        draw();
      } else return;
      e.preventDefault();
    }
    overlay.querySelector(".viewer-bar").addEventListener("click", function (e) {
      var button = e.target.closest("button");
      if (!button) return;
      var r = stage.getBoundingClientRect();
      if (button.dataset.zoom) zoomAt(parseFloat(button.dataset.zoom), r.width / 2, r.height / 2);
      else if (button.hasAttribute("data-fit")) fit();
      else if (button.hasAttribute("data-close")) close();
    });
    document.addEventListener("keydown", keys);
    viewer = { close: close };
    atCurrent();
    overlay.querySelector("[data-close]").focus();
  }

  document.addEventListener("click", function (e) {
    var opener = e.target.closest("[data-diagram-open]");
    if (opener) {
      e.preventDefault();
      openViewer(opener);
    }
  });
  // A link into another step closes the viewer first: the page under it is about to change.
  document.addEventListener("htmx:beforeRequest", function () {
    if (viewer) viewer.close();
  });

  function ready() {
    document.querySelectorAll("[data-diagram-open]").forEach(function (b) {
      b.hidden = false;
    });
    centreAll();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
  document.addEventListener("htmx:afterSettle", ready); // a swapped step brings its own buttons
})();
