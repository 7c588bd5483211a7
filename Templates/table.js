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
    syncPills(form);
  }
  // The risk pills ("RED: 3") of the index, made buttons: one pressed shows only its risk (the
  // same checkboxes the form has), pressed again shows every risk. A pill is pressed when its
  // risk is the only one checked.
  function syncPills(form) {
    var boxes = form.querySelectorAll("input[type=checkbox][data-risk]");
    var checked = Array.prototype.filter.call(boxes, function (box) { return box.checked; });
    Array.prototype.forEach.call(document.querySelectorAll("button[data-risk-pill]"), function (button) {
      var only = checked.length === 1 && checked[0].getAttribute("data-risk") === button.getAttribute("data-risk-pill");
      button.setAttribute("aria-pressed", only ? "true" : "false");
    });
  }
  function makePills(table, form) {
    Array.prototype.forEach.call(document.querySelectorAll("ul[data-filter] li[data-risk-pill]"), function (item) {
      if (item.parentNode.getAttribute("data-filter") !== form.id) return;
      var risk = item.getAttribute("data-risk-pill");
      var button = document.createElement("button");
      button.type = "button";
      button.setAttribute("data-risk-pill", risk);
      button.setAttribute("aria-pressed", "false");
      button.setAttribute("aria-controls", table.id || "");
      button.title = "Show only " + risk + " flights in the table (press again for all)";
      button.textContent = item.textContent;
      item.textContent = "";
      item.appendChild(button);
      button.addEventListener("click", function () {
        var pressed = button.getAttribute("aria-pressed") === "true";
        Array.prototype.forEach.call(form.querySelectorAll("input[type=checkbox][data-risk]"), function (box) {
          box.checked = pressed || box.getAttribute("data-risk") === risk;
        });
        applyFilters(table, form);
      });
    });
    syncPills(form);
  }
  // Folds (hazards at a glance, minor alerts) print open: CSS does it where the browser
  // supports ::details-content; this opens them for the others and closes them again after.
  var openedForPrint = [];
  window.addEventListener("beforeprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details:not([open])"), function (details) {
      details.open = true;
      openedForPrint.push(details);
    });
  });
  window.addEventListener("afterprint", function () {
    openedForPrint.forEach(function (details) { details.open = false; });
    openedForPrint = [];
  });
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
      makePills(table, form);
    }
  });
  // The flight finder of the index: every flight of the run is in an inert <template> block,
  // one line per route ("ABC-XYZ UA1 12 BA178": a number without its airline code has the
  // code of the number before it; Sources/FleetReports/FlightLookup.swift writes it). It is
  // read on the first keystroke, so the page opens as fast as without it.
  function makeFinder(form) {
    var block = document.getElementById(form.getAttribute("data-finder"));
    var input = form.querySelector("input[type=search]");
    var found = input && document.getElementById(input.getAttribute("aria-describedby"));
    if (!block || !found) return;
    var aliasBlock = document.getElementById(form.getAttribute("data-finder") + "-icao");
    var flights = null, stations = null, aliases = null, limit = 20;
    function read(element) { return element ? (element.content ? element.content.textContent : element.textContent) : ""; }
    function load() {
      flights = new Map();
      stations = new Set();
      // "EGLL LHR": the ICAO code of a station the report names by its IATA code.
      aliases = new Map();
      read(aliasBlock).split("\n").forEach(function (line) {
        var pair = line.split(" ");
        if (pair.length === 2) aliases.set(pair[0], pair[1]);
      });
      var text = block.content ? block.content.textContent : block.textContent;
      text.split("\n").forEach(function (line) {
        var tokens = line.split(" "), stem = tokens[0], airline = "";
        if (!stem) return;
        if (/^[A-Z0-9]{3,4}-[A-Z0-9]{3,4}$/.test(stem)) stem.split("-").forEach(function (code) { stations.add(code); });
        for (var i = 1; i < tokens.length; i++) {
          var number = /^[0-9]{1,4}[A-Z]?$/.test(tokens[i]) ? airline + tokens[i] : tokens[i];
          airline = /^[A-Z]{3}./.test(number) ? number.slice(0, 3) : number.slice(0, 2);
          var routes = flights.get(number);
          if (routes) routes.push(stem); else flights.set(number, [stem]);
        }
      });
    }
    function item(href, text, note) {
      var li = document.createElement("li");
      var link = document.createElement("a");
      link.href = href;
      link.textContent = text;
      li.appendChild(link);
      if (note) li.appendChild(document.createTextNode(" " + note));
      found.appendChild(li);
    }
    function search() {
      if (!flights) load();
      var query = input.value.replace(/\s+/g, "").toUpperCase();
      found.textContent = "";
      if (!query) return;
      var shown = 0, more = 0;
      if (stations.has(query)) { item("stations/" + query + ".html", query, "station: every departure and arrival"); shown += 1; }
      var named = aliases.get(query);
      if (named && stations.has(named)) { item("stations/" + named + ".html", named, "station " + query + ": every departure and arrival"); shown += 1; }
      var numbers = flights.has(query) ? [query] : [];
      if (!numbers.length) {
        flights.forEach(function (routes, number) { if (number.lastIndexOf(query, 0) === 0) numbers.push(number); });
        numbers.sort();
      }
      numbers.forEach(function (number) {
        flights.get(number).forEach(function (stem) {
          if (shown >= limit) { more += 1; return; }
          item("routes/" + stem + ".html", number + " " + stem, "route page");
          shown += 1;
        });
      });
      if (more) found.appendChild(document.createElement("li")).textContent = more + " more: type more of the number";
      if (!shown) found.appendChild(document.createElement("li")).textContent = "No flight or station " + query + " in this run";
    }
    form.hidden = false;
    input.addEventListener("input", search);
    form.addEventListener("submit", function (event) { event.preventDefault(); search(); });
  }
  Array.prototype.forEach.call(document.querySelectorAll("form[data-finder]"), makeFinder);
})();
