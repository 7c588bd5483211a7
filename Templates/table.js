// fleetwx: sort and filter for report tables. The page is complete and in order without it.
(function () {
  "use strict";
  function cellValue(row, index) {
    var cell = row.cells[index];
    if (!cell) return "";
    var key = cell.getAttribute("data-sort");
    return key !== null ? key : cell.textContent.trim();
  }
  function sortBy(table, index, header) {
    var body = table.tBodies[0];
    if (!body) return;
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
      if (th.hasAttribute("aria-sort")) th.setAttribute("aria-sort", "none");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = cellValue(a, index), y = cellValue(b, index);
      var nx = parseFloat(x), ny = parseFloat(y);
      var result = (!isNaN(nx) && !isNaN(ny) && String(nx) === x && String(ny) === y) ? nx - ny : x.localeCompare(y);
      return ascending ? result : -result;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }
  function applyFilters(table, form) {
    var text = (form.querySelector("input[type=search]") || {}).value || "";
    text = text.toLowerCase();
    var risks = {};
    Array.prototype.forEach.call(form.querySelectorAll("input[type=checkbox][data-risk]"), function (box) {
      risks[box.getAttribute("data-risk")] = box.checked;
    });
    var shown = 0;
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var risk = row.getAttribute("data-risk");
      var visible = (risks[risk] !== false) && (!text || row.textContent.toLowerCase().indexOf(text) >= 0);
      row.hidden = !visible;
      if (visible) shown += 1;
    });
    var counter = form.querySelector("[data-shown]");
    if (counter) counter.textContent = shown + " shown";
  }
  Array.prototype.forEach.call(document.querySelectorAll("table[data-sortable]"), function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      if (!th.hasAttribute("aria-sort")) return;
      th.tabIndex = 0;
      th.addEventListener("click", function () { sortBy(table, index, th); });
      th.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sortBy(table, index, th); }
      });
    });
    var form = document.getElementById(table.getAttribute("data-filter"));
    if (form) {
      form.hidden = false;
      form.addEventListener("input", function () { applyFilters(table, form); });
      form.addEventListener("submit", function (event) { event.preventDefault(); });
    }
  });
})();
