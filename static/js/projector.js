// The projector screen (templates/screen/): one panel at a time, each for a few seconds,
// then the next; a list too long for the screen pages through (each page is a step). A
// panel whose list is short grows to fill the screen (--fit, see projector.css).
// The footer says which panel is on and which comes next. For the organiser at the
// laptop: Space (or P) pauses and resumes, the arrows change panel, F goes full screen.
(() => {
  const body = document.body;
  const foot = document.querySelector("[data-rotation]");
  if (!body.classList.contains("screen") || !foot) return;
  document.documentElement.classList.add("js");

  const every = (Number(body.dataset.rotateSeconds) || 15) * 1000;
  const stepList = foot.querySelector("[data-steps]");
  const nextName = foot.querySelector("[data-next]");
  const nextLine = foot.querySelector("[data-next-line]");
  const countdown = foot.querySelector("[data-countdown]");
  const pausedLine = foot.querySelector("[data-paused-line]");
  const offline = foot.querySelector("[data-offline]");
  const keysLine = foot.querySelector("[data-keys-line]");
  let steps = []; // {panel, key, title, page, pages, range: [first, end) of its items}
  let index = 0;
  let shownAt = Date.now();
  let paused = false;
  foot.hidden = false;

  const panels = () => [...document.querySelectorAll("[data-panel]")];
  // How much a panel's list may grow over the floor size, and how closely it is fitted.
  const MOST_FIT = 2.5;
  const FIT_STEPS = 7;
  const itemsOf = (panel) => [...panel.querySelectorAll("[data-pages] [data-item]")];

  function inside(item, box) {
    const rect = item.getBoundingClientRect();
    return rect.bottom <= box.bottom + 1 && rect.right <= box.right + 1;
  }

  // A panel's pages: show its items from the first of a page on, and keep those that lie
  // inside the list's box (below it, or in a column beyond its right edge, is the next page).
  function pagesOf(panel) {
    const list = panel.querySelector("[data-pages]");
    const items = itemsOf(panel);
    if (!list || !items.length) return [null];
    const pages = [];
    let first = 0;
    while (first < items.length) {
      items.forEach((item, i) => {
        item.hidden = i < first;
      });
      const box = list.getBoundingClientRect();
      let end = first + 1; // at least one item a page, however large
      while (end < items.length && inside(items[end], box)) end += 1;
      pages.push([first, end]);
      first = end;
    }
    return pages;
  }

  // Whether every item of the panel's list lies inside the list's box (all shown at once).
  function fitsOnOnePage(panel) {
    const list = panel.querySelector("[data-pages]");
    const items = itemsOf(panel);
    for (const item of items) item.hidden = false;
    const box = list.getBoundingClientRect();
    return items.every((item) => inside(item, box));
  }

  // What each panel was fitted to, by its items and the screen's size: a poll that changed
  // only scores (every few seconds) costs one measure, not a search.
  const fitted = new Map();

  // The largest --fit (1 to MOST_FIT) at which the panel's whole list fits on one page, found
  // by halving; 1, the floor, when even that does not fit (the list then pages through).
  function fit(panel) {
    if (!("fit" in panel.dataset) || !panel.querySelector("[data-pages]")) return;
    const shape = `${itemsOf(panel).length} ${innerWidth}x${innerHeight}`;
    const before = fitted.get(panel.dataset.panel);
    if (before && before.shape === shape) {
      panel.style.setProperty("--fit", String(before.fit));
      if (before.fit === 1 || fitsOnOnePage(panel)) {
        panel.dataset.fitted = String(before.fit);
        return;
      }
    }
    let low = 1;
    let high = MOST_FIT;
    panel.style.setProperty("--fit", String(high));
    if (!fitsOnOnePage(panel)) {
      for (let step = 0; step < FIT_STEPS; step += 1) {
        const middle = (low + high) / 2;
        panel.style.setProperty("--fit", String(middle));
        if (fitsOnOnePage(panel)) low = middle;
        else high = middle;
      }
      panel.style.setProperty("--fit", String(low));
    }
    const found = Number(panel.style.getPropertyValue("--fit"));
    fitted.set(panel.dataset.panel, { shape, fit: found });
    panel.dataset.fitted = String(found);
  }

  // Measure every panel (each shown in turn, within this task: nothing is painted meanwhile),
  // then show the same panel and page as before if they still exist.
  function layout() {
    const before = steps[index];
    steps = [];
    for (const panel of panels()) {
      panel.classList.add("is-current");
      fit(panel);
      const pages = pagesOf(panel);
      panel.classList.remove("is-current");
      pages.forEach((range, page) => {
        steps.push({
          panel,
          key: panel.dataset.panel,
          title: panel.dataset.title,
          page,
          pages: pages.length,
          range,
        });
      });
    }
    index = 0;
    if (before) {
      const same = steps.findIndex((s) => s.key === before.key && s.page === before.page);
      const samePanel = steps.findIndex((s) => s.key === before.key);
      index = Math.max(same >= 0 ? same : samePanel, 0);
    }
    show();
  }

  function label(step) {
    return step.pages > 1 ? `${step.title} ${step.page + 1}/${step.pages}` : step.title;
  }

  function show() {
    const step = steps[index];
    if (!step) return;
    for (const panel of panels()) panel.classList.toggle("is-current", panel === step.panel);
    if (step.range) {
      itemsOf(step.panel).forEach((item, i) => {
        item.hidden = i < step.range[0] || i >= step.range[1];
      });
    }
    body.dataset.current = step.key;
    const names = [];
    for (const s of steps) {
      if (names.some((n) => n.key === s.key)) continue;
      const item = document.createElement("li");
      item.textContent = s.key === step.key ? label(step) : s.title;
      if (s.key === step.key) item.setAttribute("aria-current", "step");
      names.push({ key: s.key, item });
    }
    stepList.replaceChildren(...names.map((n) => n.item));
    nextName.textContent = label(steps[(index + 1) % steps.length]);
    nextLine.hidden = paused || steps.length < 2;
    pausedLine.hidden = !paused;
    if (paused) keysLine.hidden = true;
  }

  function go(delta) {
    keysLine.hidden = true; // the keys are said once, until the first panel turns
    index = (index + delta + steps.length) % steps.length;
    shownAt = Date.now();
    show();
  }

  function tick() {
    const elapsed = Date.now() - shownAt;
    if (!paused && steps.length > 1 && elapsed >= every) go(1);
    else countdown.value = paused ? 0 : Math.min(elapsed / every, 1);
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === " " || key === "p") {
      paused = !paused;
      shownAt = Date.now(); // resumed: the panel gets its whole time again
      show();
    } else if (key === "arrowright" || key === "pagedown") {
      go(1);
    } else if (key === "arrowleft" || key === "pageup") {
      go(-1);
    } else if (key === "f") {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(() => {});
    } else {
      return;
    }
    event.preventDefault();
  });

  // The poll brought a new live part: measure again, stay on the same panel.
  document.addEventListener("htmx:afterSwap", () => {
    offline.hidden = true;
    layout();
  });
  // The laptop lost the network: keep the last scores, and say so.
  for (const name of ["htmx:sendError", "htmx:responseError", "htmx:timeout"]) {
    document.addEventListener(name, () => {
      offline.hidden = false;
    });
  }
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(layout, 150);
  });

  layout();
  setInterval(tick, 250);
})();
