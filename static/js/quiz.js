// Quiz pages: a 400 from the answer form (nothing picked, a key that is not a choice), or a 429
// is a page of its own with the reason; htmx swaps it in place like any answer.
document.addEventListener("htmx:beforeSwap", function (event) {
  var detail = event.detail;
  if ((detail.xhr.status === 400 || detail.xhr.status === 429) && detail.elt.closest && detail.elt.closest("#quiz")) {
    detail.shouldSwap = true;
    detail.isError = false;
  }
});
