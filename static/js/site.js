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

// The installable web app (tournaments/views/app.py): the service worker keeps the pages a
// phone follows at a table, to open them with no network. Browsers allow it over HTTPS (and
// on the computer itself) only: on a venue's plain-HTTP Wi-Fi the site works as before.
if ("serviceWorker" in navigator && document.body.dataset.serviceWorker) {
  navigator.serviceWorker
    .register(document.body.dataset.serviceWorker, { updateViaCache: "none" })
    .catch(() => {});
}

// A page the service worker opened from its copy, with no network: say since when, and drop
// the messages it showed then ("Hand 3 saved.").
(() => {
  const since = document.documentElement.dataset.offlineCopy;
  if (since === undefined) return;
  const when = new Date(since); // when the phone last loaded it (the service worker's stamp)
  const time = Number.isNaN(when.getTime())
    ? ""
    : when.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
  const notice = document.createElement("p");
  notice.className = "offline-copy";
  notice.setAttribute("role", "status");
  notice.textContent = document.body.dataset.offlineCopy.replace("%(time)s", time);
  for (const old of document.querySelectorAll("#content .message-region > .messages")) old.remove();
  document.getElementById("content").prepend(notice);
  // Opened at its top, where the notice says since when (not where the copy was scrolled).
  history.scrollRestoration = "manual";
  window.addEventListener("load", () => window.scrollTo(0, 0));
})();
