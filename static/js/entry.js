// Hand entry on a phone: an on-screen keypad for counts, a card grid for cards, and step 1
// hiding who needs no count. Progressive enhancement: the form works without any of it.
(() => {
  "use strict";
  const form = document.getElementById("hand-form");
  if (!form) return;
  const keypad = document.getElementById("keypad");
  const grid = document.getElementById("card-grid");
  const gridTitle = grid.querySelector(".card-grid-title");
  const modeField = form.querySelector('input[name="mode"]');
  // Who gives a count, by way of ending the hand: the rules engine's, rendered as JSON.
  const counted = JSON.parse(document.getElementById("who-is-counted").textContent);
  const copies = Number(form.dataset.copies);
  const jokers = Number(form.dataset.jokers);
  const maxCards = Number(form.dataset.maxCards);
  let active = null; // the held field being filled in

  const blocks = () => [...form.querySelectorAll(".held")];
  const inputOf = (block) => block.querySelector(".held-input");
  const usable = () => blocks().filter((b) => !b.hidden).map(inputOf).filter((i) => !i.disabled);
  const checked = (name) => form.querySelector(`input[name="${name}"]:checked`);
  const changed = (input) => input.dispatchEvent(new Event("change", { bubbles: true }));
  const codesOf = (input) => input.value.toUpperCase().split(/[\s,]+/).filter(Boolean);
  // The page's letters (R D V and P C K T in French), from the server's one source
  // (tournaments/words/cards.py): a code → its card, 0-51 or 52 for the joker; null if none.
  const letters = JSON.parse(document.getElementById("card-letters").textContent);
  const JOKER = 52;
  function cardOf(code) {
    if (code === letters.joker) return JOKER;
    const rank = letters.ranks[code.slice(0, -1)];
    const suit = code.length > 1 ? letters.suits.indexOf(code.slice(-1)) : -1;
    return rank === undefined || suit < 0 ? null : suit * 13 + rank - 1;
  }
  const cardsOf = (input) => codesOf(input).map(cardOf);
  const limitOf = (card) => (card === JOKER ? jokers : copies);

  function setMode(mode) {
    form.dataset.mode = mode;
    modeField.value = mode;
    for (const link of form.querySelectorAll(".mode-link")) {
      link.setAttribute("aria-current", String(link.dataset.mode === mode));
    }
    for (const block of blocks()) {
      const input = inputOf(block);
      input.placeholder = mode === "cards" ? input.dataset.placeholderCards : input.dataset.placeholderCounts;
    }
    if (active) open(active);
  }

  // Step 1: who went out holds nothing (rami); a draw is ended by nobody (gin).
  function updateStep1(moveOn) {
    const rule = counted[checked("how")?.value] || { ender: "counted", others: "counted" };
    for (const radio of form.querySelectorAll('input[name="ended_by"]')) {
      radio.disabled = rule.ender === "nobody";
      if (radio.disabled) radio.checked = false;
    }
    const ender = checked("ended_by")?.value;
    for (const block of blocks()) {
      const skip = rule.ender === "holds_nothing" && block.dataset.position === ender;
      const never = block.querySelector(".never input");
      block.hidden = skip;
      inputOf(block).disabled = skip || Boolean(never?.checked);
      if (skip && active === inputOf(block)) close();
    }
    if (rule.ender === "no_deadwood" && ender && form.dataset.mode === "counts") {
      const input = inputOf(form.querySelector(`.held[data-position="${ender}"]`));
      if (!input.value) input.value = "0"; // a gin has no deadwood
    }
    if (moveOn) {
      const first = usable().find((input) => !input.value) || usable()[0];
      if (first) first.focus();
    }
  }

  function open(input) {
    active = input;
    const pad = form.dataset.mode === "cards" ? grid : keypad;
    (pad === grid ? keypad : grid).hidden = true;
    for (const block of blocks()) block.classList.toggle("active", inputOf(block) === input);
    input.closest(".held").append(pad);
    pad.hidden = false;
    if (pad === grid) refreshGrid();
    input.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  function close() {
    keypad.hidden = true;
    grid.hidden = true;
    active = null;
    for (const block of blocks()) block.classList.remove("active");
  }

  function next() {
    const inputs = usable();
    const following = inputs[inputs.indexOf(active) + 1];
    if (following) {
      following.focus();
    } else {
      close();
      document.getElementById("preview").scrollIntoView({ block: "center", behavior: "smooth" });
    }
  }

  function heldElsewhere(card) {
    return usable()
      .filter((input) => input !== active)
      .reduce((n, input) => n + cardsOf(input).filter((c) => c === card).length, 0);
  }

  function refreshGrid() {
    if (!active) return;
    const cards = cardsOf(active);
    for (const button of grid.querySelectorAll(".card")) {
      const card = cardOf(button.dataset.code);
      const here = cards.filter((c) => c === card).length;
      const gone = here === 0 && heldElsewhere(card) >= limitOf(card);
      button.setAttribute("aria-pressed", String(here > 0));
      button.setAttribute("aria-disabled", String(gone));
      button.classList.toggle("gone", gone);
      button.querySelector(".count").textContent = here > 1 || (here && limitOf(card) > 1) ? `×${here}` : "";
    }
    const name = active.closest(".held").querySelector(".held-label").textContent;
    const counted = cards.filter((card) => card !== null).length; // codes that are cards here
    gridTitle.textContent = form.dataset.textCards
      .replace("%(name)s", name)
      .replace("%(count)s", `${counted}/${maxCards}`);
  }

  keypad.addEventListener("click", (event) => {
    const key = event.target.closest("button")?.dataset.key;
    if (!key || !active) return;
    if (key === "next") return next();
    let value = /^\d*$/.test(active.value) ? active.value : "";
    if (key === "back") value = value.slice(0, -1);
    else value = (value === "0" ? "" : value) + key;
    active.value = value.slice(0, 4);
    changed(active);
  });

  grid.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !active) return;
    if (button.dataset.key === "next") return next();
    let codes = codesOf(active);
    if (button.dataset.key === "undo") codes.pop();
    else if (button.dataset.key === "clear") codes = [];
    else if (button.dataset.code) {
      const card = cardOf(button.dataset.code);
      const here = codes.filter((c) => cardOf(c) === card).length;
      const room = here + heldElsewhere(card) < limitOf(card) && codes.length < maxCards;
      // Tapping again adds the second copy (two decks); past the last copy it takes them back.
      codes = room ? [...codes, button.dataset.code] : codes.filter((c) => cardOf(c) !== card);
    }
    active.value = codes.join(" ");
    changed(active);
    refreshGrid();
  });

  form.addEventListener("focusin", (event) => {
    if (event.target.classList.contains("held-input")) open(event.target);
  });
  form.addEventListener("input", (event) => {
    if (event.target === active && form.dataset.mode === "cards") refreshGrid();
  });
  form.addEventListener("change", (event) => {
    const name = event.target.name || "";
    if (name === "how" || name === "ended_by") {
      updateStep1(name === "ended_by" || counted[event.target.value]?.ender === "nobody");
    } else if (name.startsWith("never_")) {
      updateStep1(false);
    }
  });
  form.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  for (const link of form.querySelectorAll(".mode-link")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      setMode(link.dataset.mode);
    });
  }

  // The on-screen pads replace the phone's keyboard; a real keyboard still types.
  for (const block of blocks()) inputOf(block).setAttribute("inputmode", "none");
  form.classList.add("enhanced");
  updateStep1(false);
  // After a refused save, bring the first field in error into view.
  form.querySelector(".has-error")?.scrollIntoView({ block: "center" });
})();
