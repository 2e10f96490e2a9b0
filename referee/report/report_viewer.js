/* report_viewer.js: the game list and the game viewer of a referee report.
 * Embedded in the page by the build (report_html.c); reads the games from the
 * page's JSON (#games-data) and needs nothing else. The rest of the page works
 * without it. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('games-data').textContent);
  var PAGE = 50;
  var geometry = {
    tictactoe: [3, 3], connect4: [6, 7], reversi: [8, 8],
    gomoku: [15, 15], 'gomoku-standard': [15, 15], 'gomoku-freestyle': [20, 20],
    'gomoku-renju': [15, 15]
  }[data.game];
  var $ = function (id) { return document.getElementById(id); };
  var shown = [];
  var page = 0;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* --- the game list --- */

  function filter() {
    var bot = $('game-filter-bot').value, result = $('game-filter-result').value;
    var reason = $('game-filter-reason').value.toLowerCase();
    shown = data.games.filter(function (g) {
      return (bot === '' || data.bots[g[1]] === bot || data.bots[g[2]] === bot) &&
        (result === '' || g[3] === result) &&
        (reason === '' || g[6].toLowerCase().indexOf(reason) >= 0);
    });
    page = 0;
    list();
  }

  function list() {
    var body = $('game-list').tBodies[0];
    body.textContent = '';
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    shown.slice(page * PAGE, page * PAGE + PAGE).forEach(function (g) {
      var tr = el('tr', {'data-id': g[0], 'class': game && game[0] === g[0] ? 'viewing' : ''});
      /* The button first, where a narrow screen shows it without scrolling
       * the table; a click anywhere on the row does the same. */
      var td = el('td'), b = el('button', {type: 'button'}, 'view');
      td.appendChild(b);
      tr.appendChild(td);
      [g[0], data.bots[g[1]], data.bots[g[2]], g[3], g[4], g[6]].forEach(function (v, i) {
        tr.appendChild(el('td', i === 1 || i === 2 ? {'class': 'name'} : i === 5 ? {'class': 'wrap'} : {}, v));
      });
      tr.addEventListener('click', function () { view(g); });
      body.appendChild(tr);
    });
    $('game-page').textContent = shown.length + ' games; page ' + (page + 1) + ' of ' + pages;
    $('game-prev').disabled = page === 0;
    $('game-next').disabled = page + 1 >= pages;
  }

  /* --- the rules the viewer needs: where a move goes, and reversi's flips --- */

  function square(text) {
    if (data.game === 'connect4') return {col: parseInt(text, 10) - 1};
    var letter = text.charCodeAt(0) - 97, number = parseInt(text.slice(1), 10) - 1;
    return data.game === 'tictactoe' ? {row: letter, col: number} : {row: number, col: letter};
  }

  function flips(board, row, col, mark) {
    var out = [], rows = geometry[0], cols = geometry[1];
    for (var dr = -1; dr <= 1; dr++) {
      for (var dc = -1; dc <= 1; dc++) {
        if (!dr && !dc) continue;
        var line = [], r = row + dr, c = col + dc;
        while (r >= 0 && r < rows && c >= 0 && c < cols && board[r][c] !== '-' &&
               board[r][c] !== mark) {
          line.push([r, c]);
          r += dr;
          c += dc;
        }
        if (line.length && r >= 0 && r < rows && c >= 0 && c < cols && board[r][c] === mark)
          out = out.concat(line);
      }
    }
    return out;
  }

  function start() {
    var board = [];
    for (var r = 0; r < geometry[0]; r++) board.push(new Array(geometry[1] + 1).join('-').split(''));
    if (data.game === 'reversi') {
      board[3][3] = board[4][4] = 'o';
      board[3][4] = board[4][3] = 'x';
    }
    return board;
  }

  /* The board after the first n plies of moves (tokens "x:d3"). */
  function position(moves, n) {
    var board = start();
    for (var i = 0; i < n; i++) {
      var mark = moves[i].charAt(0), what = moves[i].slice(2);
      if (/^(pass|resign|forfeit|abort)$/.test(what)) continue;
      var sq = square(what);
      if (data.game === 'connect4') {
        for (sq.row = geometry[0] - 1; sq.row >= 0 && board[sq.row][sq.col] !== '-'; sq.row--);
        if (sq.row < 0 || sq.col < 0 || sq.col >= geometry[1]) continue;
      }
      if (!(sq.row >= 0 && sq.row < geometry[0] && sq.col >= 0 && sq.col < geometry[1]))
        continue; /* a move off the board: a foul, shown in words */
      if (data.game === 'reversi')
        flips(board, sq.row, sq.col, mark).forEach(function (p) { board[p[0]][p[1]] = mark; });
      board[sq.row][sq.col] = mark;
    }
    return board;
  }

  /* --- the viewer --- */

  var game = null, moves = [], ply = 0;
  var ns = 'http://www.w3.org/2000/svg';
  var bg = {reversi: '#2e7d4f', connect4: '#1a5fb4'}[data.game] || '#f2e3c6';
  /* The colour of each mark's stones: reversi's and gomoku's black and white,
   * connect4's red and yellow; tic-tac-toe writes its marks. */
  function fill(mark) {
    if (data.game === 'connect4') return mark === 'x' ? '#d04a3a' : '#e5c50a';
    return mark === 'x' ? '#111' : '#fafafa';
  }

  function svgEl(tag, attrs, text) {
    var e = document.createElementNS(ns, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* The labels of the board's edges, in the game's notation: tic-tac-toe's
   * rows are letters and columns numbers, connect4's columns numbers, the
   * others' columns letters and rows numbers. */
  function edges() {
    var letters = function (n) {
      var out = [];
      for (var i = 0; i < n; i++) out.push(String.fromCharCode(97 + i));
      return out;
    };
    var numbers = function (n) {
      var out = [];
      for (var i = 0; i < n; i++) out.push(String(i + 1));
      return out;
    };
    if (data.game === 'tictactoe') return {cols: numbers(geometry[1]), rows: letters(geometry[0])};
    if (data.game === 'connect4') return {cols: numbers(geometry[1]), rows: null};
    return {cols: letters(geometry[1]), rows: numbers(geometry[0])};
  }

  /* Where the move of ply n (1-based) went on board: [row, col], or null. */
  function placed(board, n) {
    if (n < 1) return null;
    var what = moves[n - 1].slice(2);
    if (/^(pass|resign|forfeit|abort)$/.test(what)) return null;
    var sq = square(what);
    if (data.game === 'connect4') {
      if (!(sq.col >= 0 && sq.col < geometry[1])) return null;
      for (var r = 0; r < geometry[0]; r++) if (board[r][sq.col] !== '-') return [r, sq.col];
      return null;
    }
    return sq.row >= 0 && sq.row < geometry[0] && sq.col >= 0 && sq.col < geometry[1] ?
      [sq.row, sq.col] : null;
  }

  function draw() {
    var board = position(moves, ply), rows = geometry[0], cols = geometry[1];
    var cell = Math.floor(360 / Math.max(rows, cols)), pad = 20, e = edges();
    var width = pad + cols * cell + 2, height = pad + rows * cell + 2;
    var svg = svgEl('svg', {viewBox: '0 0 ' + width + ' ' + height, width: width, height: height,
                            role: 'img', 'aria-label': 'the board at ply ' + ply});
    svg.setAttribute('data-board', '[' + board.map(function (r) { return r.join(''); }).join(',') + ']');
    e.cols.forEach(function (t, c) {
      svg.appendChild(svgEl('text', {x: pad + c * cell + cell / 2 + 1, y: 14, 'text-anchor': 'middle',
                                     'class': 'coord'}, t));
    });
    (e.rows || []).forEach(function (t, r) {
      svg.appendChild(svgEl('text', {x: pad - 5, y: pad + r * cell + cell / 2 + 5, 'text-anchor': 'end',
                                     'class': 'coord'}, t));
    });
    var last = placed(board, ply);
    for (var r = 0; r < rows; r++) {
      for (var c = 0; c < cols; c++) {
        var x = pad + c * cell + 1, y = pad + r * cell + 1;
        svg.appendChild(svgEl('rect', {x: x, y: y, width: cell, height: cell, fill: bg, stroke: '#333'}));
        var m = board[r][c];
        if (m === '-') continue;
        var stone = data.game === 'tictactoe' ?
          svgEl('text', {x: x + cell / 2, y: y + cell * 0.68, 'text-anchor': 'middle',
                         'font-size': cell * 0.6}, m) :
          svgEl('circle', {cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.4, fill: fill(m), stroke: '#333'});
        stone.setAttribute('class', 'stone');
        svg.appendChild(stone);
        if (last && last[0] === r && last[1] === c)
          svg.appendChild(svgEl('circle', {'class': 'last-move', cx: x + cell / 2, cy: y + cell / 2,
                                           r: Math.max(3, cell * 0.13),
                                           fill: data.game === 'connect4' ? '#fff' : '#e01b24'}));
      }
    }
    var holder = $('viewer-board');
    holder.textContent = '';
    holder.appendChild(svg);
    var text = 'Game ' + game[0] + ', ply ' + ply + ' of ' + moves.length +
      (ply ? ': ' + moves[ply - 1] : '');
    if (ply === moves.length) text += '. Result ' + game[3] + ': ' + game[6];
    $('viewer-status').textContent = text;
    $('viewer-ply').value = ply;
    var buttons = $('viewer-moves').querySelectorAll('button');
    for (var i = 0; i < buttons.length; i++) {
      var on = i === ply - 1;
      buttons[i].className = on ? 'current' : '';
      if (on) {
        /* Keep the current move in the list's own view, not the page's. */
        var list = $('viewer-moves'), b = buttons[i];
        if (b.offsetTop < list.scrollTop) list.scrollTop = b.offsetTop;
        else if (b.offsetTop + b.offsetHeight > list.scrollTop + list.clientHeight)
          list.scrollTop = b.offsetTop + b.offsetHeight - list.clientHeight;
      }
    }
  }

  /* Which bot plays which colour, and the game's moves to click. */
  function key() {
    var holder = $('viewer-key');
    holder.textContent = '';
    [1, 2].forEach(function (side) {
      var mark = data.marks[side - 1], span = el('span', {'class': 'side'});
      if (data.game === 'tictactoe') span.appendChild(el('b', {}, mark + ' '));
      else span.appendChild(el('span', {'class': 'swatch', style: 'background:' + fill(mark)}));
      span.appendChild(document.createTextNode(data.bots[game[side]] +
                                               (side === 1 ? ' (first)' : ' (second)')));
      holder.appendChild(span);
    });
    var list = $('viewer-moves');
    list.textContent = '';
    moves.forEach(function (m, i) {
      var li = el('li'), b = el('button', {type: 'button', 'data-ply': i + 1}, (i + 1) + '. ' + m);
      b.addEventListener('click', function () { step(i + 1); });
      li.appendChild(b);
      list.appendChild(li);
    });
  }

  function view(g) {
    game = g;
    moves = g[7] ? g[7].split(' ') : [];
    ply = 0;
    $('viewer').hidden = false;
    $('viewer-ply').max = moves.length;
    var rows = $('game-list').tBodies[0].rows;
    for (var i = 0; i < rows.length; i++)
      rows[i].className = rows[i].getAttribute('data-id') === String(g[0]) ? 'viewing' : '';
    key();
    draw();
    $('viewer').scrollIntoView({block: 'nearest'});
  }

  function step(to) {
    if (!game) return;
    ply = Math.max(0, Math.min(moves.length, to));
    draw();
  }

  /* --- wiring --- */

  var select = $('game-filter-bot');
  data.bots.forEach(function (b) { select.appendChild(el('option', {value: b}, b)); });
  ['game-filter-bot', 'game-filter-result'].forEach(function (id) {
    $(id).addEventListener('change', filter);
  });
  $('game-filter-reason').addEventListener('input', filter);
  $('game-prev').addEventListener('click', function () { page--; list(); });
  $('game-next').addEventListener('click', function () { page++; list(); });
  $('viewer-start').addEventListener('click', function () { step(0); });
  $('viewer-back').addEventListener('click', function () { step(ply - 1); });
  $('viewer-forward').addEventListener('click', function () { step(ply + 1); });
  $('viewer-end').addEventListener('click', function () { step(moves.length); });
  $('viewer-ply').addEventListener('input', function () { step(parseInt(this.value, 10)); });
  $('viewer').addEventListener('keydown', function (ev) {
    if (ev.target.tagName === 'INPUT') return;
    if (ev.key === 'ArrowLeft') step(ply - 1);
    else if (ev.key === 'ArrowRight') step(ply + 1);
    else return;
    ev.preventDefault();
  });
  $('games-js').hidden = false;
  filter();
})();
