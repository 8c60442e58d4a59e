// Organiser pages: a "Copy" button beside each table link (the link stays selectable without it).
document.addEventListener("DOMContentLoaded", () => {
  if (!navigator.clipboard) return;
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const input = document.getElementById(button.dataset.copy);
      await navigator.clipboard.writeText(input.value);
      button.textContent = button.dataset.copied;
    });
  }
});
