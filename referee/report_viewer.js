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
    gomoku: [15, 15], 'gomoku-standard': [15, 15], 'gomoku-freestyle': [20, 20]
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
      var tr = el('tr', {'data-id': g[0]});
      [g[0], data.bots[g[1]], data.bots[g[2]], g[3], g[4], g[6]].forEach(function (v, i) {
        tr.appendChild(el('td', i === 1 || i === 2 || i === 5 ? {'class': 'name'} : {}, v));
      });
      var td = el('td'), b = el('button', {type: 'button'}, 'view');
      b.addEventListener('click', function () { view(g); });
      td.appendChild(b);
      tr.appendChild(td);
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

  function draw() {
    var board = position(moves, ply), rows = geometry[0], cols = geometry[1];
    var cell = Math.floor(360 / Math.max(rows, cols)), ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', cols * cell + 2);
    svg.setAttribute('height', rows * cell + 2);
    svg.setAttribute('data-board', '[' + board.map(function (r) { return r.join(''); }).join(',') + ']');
    var bg = {reversi: '#2e7d4f', connect4: '#1a5fb4'}[data.game] || '#f2e3c6';
    for (var r = 0; r < rows; r++) {
      for (var c = 0; c < cols; c++) {
        var rect = document.createElementNS(ns, 'rect');
        [['x', c * cell + 1], ['y', r * cell + 1], ['width', cell], ['height', cell], ['fill', bg],
         ['stroke', '#333']].forEach(function (a) { rect.setAttribute(a[0], a[1]); });
        svg.appendChild(rect);
        var m = board[r][c];
        if (m === '-') continue;
        var stone = document.createElementNS(ns, data.game === 'tictactoe' ? 'text' : 'circle');
        if (data.game === 'tictactoe') {
          stone.setAttribute('x', c * cell + cell / 2 + 1);
          stone.setAttribute('y', r * cell + cell * 0.68 + 1);
          stone.setAttribute('text-anchor', 'middle');
          stone.setAttribute('font-size', cell * 0.6);
          stone.textContent = m;
        } else {
          stone.setAttribute('cx', c * cell + cell / 2 + 1);
          stone.setAttribute('cy', r * cell + cell / 2 + 1);
          stone.setAttribute('r', cell * 0.4);
          stone.setAttribute('fill', m === 'x' ? (data.game === 'connect4' ? '#d04a3a' : '#111') :
                                                (data.game === 'connect4' ? '#e5c50a' : '#fafafa'));
          stone.setAttribute('stroke', '#333');
        }
        stone.setAttribute('class', 'stone');
        svg.appendChild(stone);
      }
    }
    var holder = $('viewer-board');
    holder.textContent = '';
    holder.appendChild(svg);
    var text = 'Game ' + game[0] + ': ' + data.bots[game[1]] + ' against ' + data.bots[game[2]] +
      '. Ply ' + ply + ' of ' + moves.length + (ply ? ' (' + moves[ply - 1] + ')' : '');
    if (ply === moves.length) text += '. Result ' + game[3] + ': ' + game[6];
    $('viewer-status').textContent = text;
    $('viewer-ply').value = ply;
  }

  function view(g) {
    game = g;
    moves = g[7] ? g[7].split(' ') : [];
    ply = 0;
    $('viewer').hidden = false;
    $('viewer-ply').max = moves.length;
    draw();
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
  $('games-js').hidden = false;
  filter();
})();
