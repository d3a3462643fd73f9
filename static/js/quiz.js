// Quiz pages: a 400 from the answer form (nothing picked, a key that is not a choice), or a 429
// is a page of its own with the reason; htmx swaps it in place like any answer.
document.addEventListener("htmx:beforeSwap", function (event) {
  var detail = event.detail;
  if ((detail.xhr.status === 400 || detail.xhr.status === 429) && detail.elt.closest && detail.elt.closest("#quiz")) {
    detail.shouldSwap = true;
    detail.isError = false;
  }
});

// After an answer the feedback takes the place of the form's button: focus goes to it (not
// to <body>), so a keyboard or screen-reader user goes on from what they were told.
// In an exam there is no feedback yet: focus goes to "Next question", or to the first choice
// of the next question when it comes in the answered one's place.
document.addEventListener("htmx:afterSwap", function () {
  var feedback = document.querySelector("#quiz .feedback");
  if (feedback) {
    feedback.setAttribute("tabindex", "-1");
    feedback.focus({ preventScroll: true });
    return;
  }
  var next = document.querySelector("#quiz fieldset.answers[disabled] ~ * .quiz-next a, #quiz form:has(fieldset[disabled]) ~ .quiz-next a");
  if (next) {
    next.focus({ preventScroll: true });
    return;
  }
  // A question not yet answered came in its place (an exam's next question, after Answer):
  // focus goes to its first choice, and the status line says where the learner now is.
  var choice = document.querySelector("#quiz fieldset.answers:not([disabled]) input:not([type=hidden])");
  if (choice) {
    var count = document.querySelector("#quiz .quiz-count");
    var status = document.getElementById("status");
    if (count && status) status.textContent = "Answer saved. " + count.textContent;
    choice.focus({ preventScroll: true });
  }
});
