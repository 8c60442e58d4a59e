// Find your table by name as you type; without JavaScript the form filters on the server.
(() => {
  const form = document.querySelector("[data-table-search]");
  const list = document.querySelector("[data-tables]");
  if (!form || !list) return;
  const input = form.querySelector("input[type=search]");
  const status = form.querySelector("[role=status]");
  // As the server's `folded`: no accents, lower case, any apostrophe (an iPhone types ’) as '.
  const fold = (text) =>
    text
      .replace(/[\u2019\u2018\u0060\u00b4\u02bc\u2032]/g, "'")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .trim()
      .replace(/\s+/g, " ");

  function filter() {
    const wanted = fold(input.value);
    let shown = 0;
    for (const card of list.querySelectorAll(".table-card")) {
      let found = false;
      for (const seat of card.querySelectorAll("[data-name]")) {
        const match = wanted !== "" && seat.dataset.name.includes(wanted);
        seat.classList.toggle("found", match);
        found ||= match;
      }
      const visible = wanted === "" || found;
      card.hidden = !visible;
      shown += visible ? 1 : 0;
    }
    if (wanted === "") status.textContent = "";
    else if (shown === 0) status.textContent = status.dataset.none;
    else status.textContent = status.dataset.some.replace("%(count)s", shown);
  }

  input.addEventListener("input", filter);
  form.addEventListener("submit", (event) => {
    // Filtering already happened as the player typed; keep the page (and the keyboard) as is.
    event.preventDefault();
    filter();
    input.blur();
  });
})();
