// Injected by the browser tests at the top of a copy of a MetaBench page: records every error
// the page raises while it loads (scripts, resources, console.error, content-security refusals),
// then, once loaded, what a person sees: each chart's rendered size and drawn elements, and each
// table's cells under the heading above it. Writes them as JSON into a pre element (id
// metabench-check), which the test reads from the DOM Chromium dumps.
(function () {
  var errors = [];
  window.addEventListener('error', function (e) {
    var t = e.target;
    errors.push(t && t !== window ? 'could not load ' + (t.src || t.href || t.tagName)
        : String(e.message));
  }, true);
  window.addEventListener('securitypolicyviolation', function (e) {
    errors.push('refused by the content security policy: ' + e.blockedURI);
  });
  var consoleError = console.error;
  console.error = function () {
    errors.push(Array.prototype.join.call(arguments, ' '));
    consoleError.apply(console, arguments);
  };
  // The heading above el: among its earlier siblings, or its parents' (a table in a wrapper).
  function headingOf(el) {
    for (var e = el; e && e !== document.body; e = e.parentElement) {
      for (var n = e.previousElementSibling; n; n = n.previousElementSibling) {
        if (/^H[1-6]$/.test(n.tagName)) {
          return n.textContent.trim();
        }
      }
    }
    return '';
  }
  window.addEventListener('load', function () {
    var charts = [].map.call(document.querySelectorAll('svg'), function (s) {
      var r = s.getBoundingClientRect();
      return {width: r.width, height: r.height,
        drawn: s.querySelectorAll('path,line,rect,circle,polyline,polygon,text').length};
    });
    var tables = [].map.call(document.querySelectorAll('table'), function (t) {
      return {heading: headingOf(t), rows: [].map.call(t.rows, function (r) {
        return [].map.call(r.cells, function (c) { return c.textContent.trim(); });
      })};
    });
    var data = document.getElementById('metabench-data');
    var parsed = null;
    if (data) {
      try { parsed = JSON.parse(data.textContent); } catch (x) { errors.push('data: ' + x); }
    }
    var pre = document.createElement('pre');
    pre.id = 'metabench-check';
    pre.textContent = JSON.stringify({errors: errors, charts: charts, tables: tables,
      data: parsed, title: document.title});
    document.body.appendChild(pre);
  });
})();
