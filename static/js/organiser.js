// Organiser pages, progressive enhancements: each works without JavaScript too.
document.addEventListener("DOMContentLoaded", () => {
  // A "Copy" button beside each table link (the link stays selectable without it).
  if (navigator.clipboard) {
    for (const button of document.querySelectorAll("button[data-copy]")) {
      button.hidden = false;
      button.addEventListener("click", async () => {
        const input = document.getElementById(button.dataset.copy);
        await navigator.clipboard.writeText(input.value);
        button.textContent = button.dataset.copied;
      });
    }
  }

  // The parts of an event's form for one kind of event only (the tournament settings) are
  // hidden while another kind is chosen, unless one of their fields has an error to fix.
  const kind = document.getElementById("id_kind");
  const parts = document.querySelectorAll("[data-shown-for-kind]");
  if (kind && parts.length) {
    const follow = () => {
      for (const part of parts) {
        part.hidden = part.dataset.shownForKind !== kind.value && !part.querySelector(".errorlist");
      }
    };
    kind.addEventListener("change", follow);
    follow();
  }
});
