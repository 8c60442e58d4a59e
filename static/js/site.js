// Small progressive enhancements; every page also works without JavaScript.

// When a live (htmx) update fails, say so instead of leaving stale content silently.
document.addEventListener("htmx:responseError", (event) => {
  const main = document.getElementById("content");
  let list = main.querySelector(".messages");
  if (!list) {
    list = document.createElement("ul");
    list.className = "messages";
    list.setAttribute("role", "status");
    main.prepend(list);
  }
  const item = document.createElement("li");
  item.className = "message error";
  item.textContent = document.body.dataset.htmxError;
  list.append(item);
});

// The language switch applies on change; its button stays for browsers without JavaScript.
document.documentElement.classList.add("js");
document.addEventListener("change", (event) => {
  if (event.target.matches(".language-switch select")) {
    event.target.form.requestSubmit();
  }
});

// A "slide the table sideways" hint shows only while its table is wider than its box (without
// JavaScript it stays, on phones): on load, on resize, when a <details> opens, after htmx.
function updateScrollHints() {
  for (const hint of document.querySelectorAll("[data-scroll-hint]")) {
    const region = document.getElementById(hint.dataset.scrollHint);
    if (region) hint.hidden = region.scrollWidth <= region.clientWidth + 1;
  }
}
document.addEventListener("DOMContentLoaded", updateScrollHints);
window.addEventListener("resize", updateScrollHints);
document.addEventListener("toggle", updateScrollHints, true);
document.addEventListener("htmx:afterSettle", updateScrollHints);
