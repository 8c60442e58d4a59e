// The points of a hand on the phone itself, for the preview and the totals while the server
// cannot be reached (docs/offline.md). It follows tournaments/rules/ step by step (cards,
// melds, lay-offs, counting, the six scorers): the variant's parameters come from the server
// (tournaments/display/rules_data.py), and tests/browser/test_rules_js_browser.py runs every
// rules vector through both engines, which must give the same counts, points and winners.
// A hand the engine would refuse gives null here: the server says why once it is sent.
(() => {
  "use strict";
  const JOKER = 52;
  const rankOf = (card) => (card % 13) + 1;
  const suitOf = (card) => Math.floor(card / 13);
  function cardValue(card, ace, joker = 0) {
    if (card === JOKER) return joker;
    const rank = rankOf(card);
    return rank === 1 ? ace : Math.min(rank, 10);
  }

  // Codes typed in the page's letters ({ranks: {code: rank}, suits: "PCKT", joker}); null if
  // one of them is no card.
  function readCards(text, letters) {
    const cards = [];
    for (const typed of text.replace(/,/g, " ").split(/\s+/).filter(Boolean)) {
      const code = typed.toUpperCase();
      if (code === letters.joker) {
        cards.push(JOKER);
        continue;
      }
      const rank = letters.ranks[code.slice(0, -1)];
      const suit = code.length > 1 ? letters.suits.indexOf(code.slice(-1)) : -1;
      if (rank === undefined || suit < 0) return null;
      cards.push(suit * 13 + rank - 1);
    }
    return cards;
  }

  // melds.py: every meld the natural cards can form, as [mask of positions, meld].
  function* product(lists, prefix = []) {
    if (!lists.length) {
      yield prefix;
      return;
    }
    for (const item of lists[0]) yield* product(lists.slice(1), [...prefix, item]);
  }
  function* combinations(items, size, start = 0, prefix = []) {
    if (prefix.length === size) {
      yield prefix;
      return;
    }
    for (let i = start; i < items.length; i++) yield* combinations(items, size, i + 1, [...prefix, items[i]]);
  }
  function candidateMelds(cards, jokers) {
    const byRank = new Map();
    const bySuit = new Map();
    cards.forEach((card, position) => {
      const ranks = byRank.get(rankOf(card)) || new Map();
      byRank.set(rankOf(card), ranks);
      ranks.set(suitOf(card), [...(ranks.get(suitOf(card)) || []), position]);
      const suits = bySuit.get(suitOf(card)) || new Map();
      bySuit.set(suitOf(card), suits);
      suits.set(rankOf(card), [...(suits.get(rankOf(card)) || []), position]);
    });
    const melds = new Map();
    const add = (positions, kind, withJokers) => {
      let mask = 0;
      for (const position of positions) mask |= 1 << position;
      const key = `${mask}:${withJokers}`;
      if (!melds.has(key)) melds.set(key, { mask, kind, cards: positions.map((p) => cards[p]), jokers: withJokers });
    };
    for (const suits of byRank.values()) {
      const keys = [...suits.keys()].sort((a, b) => a - b);
      for (let size = jokers ? 2 : 3; size <= Math.min(4, keys.length); size++) {
        for (const chosen of combinations(keys, size)) {
          for (const positions of product(chosen.map((suit) => suits.get(suit)))) {
            if (size >= 3) add(positions, "set", 0);
            if (jokers && size <= 3) add(positions, "set", 1);
          }
        }
      }
    }
    for (const ranks of bySuit.values()) {
      for (let low = 1; low < 12; low++) {
        if (!ranks.has(low) && !jokers) continue;
        let missing = 0;
        const window = [];
        for (let high = low; high < 14; high++) {
          if (ranks.has(high)) window.push(high);
          else {
            missing += 1;
            if (missing > (jokers ? 1 : 0)) break;
          }
          if (high - low >= 2 && window.length >= 2) {
            for (const positions of product(window.map((rank) => ranks.get(rank)))) add(positions, "run", missing);
          }
        }
      }
    }
    return [...melds.values()];
  }

  // melds.py's exact search over meld arrangements, positions taken in order.
  function search(allCards, ace, joker = 0) {
    const jokers = allCards.filter((card) => card === JOKER).length;
    const naturals = allCards.filter((card) => card !== JOKER);
    const melds = candidateMelds(naturals, jokers);
    let meldable = 0;
    for (const meld of melds) meldable |= meld.mask;
    const fixed = naturals.filter((_, p) => !((meldable >> p) & 1));
    const fixedValue = fixed.reduce((sum, card) => sum + cardValue(card, ace), 0);
    const keep = naturals.map((_, p) => p).filter((p) => (meldable >> p) & 1);
    const renumber = new Map(keep.map((p, i) => [p, i]));
    const cards = keep.map((p) => naturals[p]);
    const values = cards.map((card) => cardValue(card, ace));
    const byLow = keep.map(() => []);
    for (const meld of melds) {
      let mask = 0;
      for (const p of keep) if ((meld.mask >> p) & 1) mask |= 1 << renumber.get(p);
      byLow[31 - Math.clz32(mask & -mask)].push({ ...meld, mask });
    }
    const memo = new Map();
    function best(i, used, left) {
      while (i < cards.length && (used >> i) & 1) i += 1;
      if (i === cards.length) return [left * joker, []];
      const key = `${i}:${used}:${left}`;
      if (memo.has(key)) return memo.get(key);
      const [rest, restMelds] = best(i + 1, used, left);
      let found = [rest + values[i], restMelds];
      for (const meld of byLow[i]) {
        if (!(meld.mask & used) && meld.jokers <= left) {
          const [value, others] = best(i + 1, used | meld.mask, left - meld.jokers);
          if (value < found[0]) found = [value, [meld, ...others]];
        }
      }
      memo.set(key, found);
      return found;
    }
    function arrangement(chosen, value) {
      const left = [...cards];
      for (const meld of chosen) for (const card of meld.cards) left.splice(left.indexOf(card), 1);
      const jokersLeft = jokers - chosen.reduce((sum, meld) => sum + meld.jokers, 0);
      const deadwoodCards = [...fixed, ...left].sort((a, b) => a - b).concat(Array(jokersLeft).fill(JOKER));
      return { melds: chosen, deadwoodCards, deadwood: fixedValue + value };
    }
    function every(i, used, chosen, found) {
      while (i < cards.length && (used >> i) & 1) i += 1;
      if (i === cards.length) {
        let left = 0;
        for (let p = 0; p < cards.length; p++) if (!((used >> p) & 1)) left += values[p];
        found.push(arrangement(chosen, left));
        return;
      }
      every(i + 1, used, chosen, found);
      for (const meld of byLow[i]) if (!(meld.mask & used)) every(i + 1, used | meld.mask, [...chosen, meld], found);
    }
    return {
      best: () => {
        const [value, chosen] = best(0, 0, jokers);
        return arrangement(chosen, value);
      },
      every: () => {
        const found = [];
        every(0, 0, [], found);
        return found;
      },
    };
  }
  const bestArrangement = (cards, ace) => search(cards, ace).best();
  const allArrangements = (cards, ace) => search(cards, ace).every();

  // layoffs.py: what a defender lays off on the knocker's melds.
  function layable(cards, table) {
    const runs = [];
    for (const meld of table) {
      if (meld.kind !== "run") continue;
      const ranks = meld.cards.map(rankOf);
      runs.push([suitOf(meld.cards[0]), Math.min(...ranks), Math.max(...ranks)]);
    }
    const setNeeds = new Set();
    for (const meld of table) {
      if (meld.kind !== "set" || meld.cards.length !== 3) continue;
      const suits = new Set(meld.cards.map(suitOf));
      for (const suit of [0, 1, 2, 3]) if (!suits.has(suit)) setNeeds.add(`${rankOf(meld.cards[0])}:${suit}`);
    }
    const left = [...cards];
    const laid = [];
    let progress = true;
    while (progress) {
      progress = false;
      for (const card of [...left]) {
        const rank = rankOf(card);
        const suit = suitOf(card);
        let placed = false;
        for (const run of runs) {
          if (run[0] === suit && rank === run[1] - 1) [run[1], placed] = [rank, true];
          else if (run[0] === suit && rank === run[2] + 1) [run[2], placed] = [rank, true];
          if (placed) break;
        }
        if (!placed && setNeeds.has(`${rank}:${suit}`)) placed = true;
        if (placed) {
          setNeeds.delete(`${rank}:${suit}`);
          left.splice(left.indexOf(card), 1);
          laid.push(card);
          progress = true;
        }
      }
    }
    return [laid, left];
  }
  function defenderCount(cards, table, ace) {
    let found = null;
    for (const arrangement of allArrangements(cards, ace)) {
      const [laid, left] = layable(arrangement.deadwoodCards, table);
      const value = left.reduce((sum, card) => sum + cardValue(card, ace), 0);
      if (found === null || value < found.deadwood) found = { deadwood: value, laid, arrangement };
    }
    return found;
  }
  function knockCounts(knockerCards, defenders, ace) {
    const least = bestArrangement(knockerCards, ace).deadwood;
    let chosen = null;
    let chosenCounts = {};
    let chosenTotal = -1;
    for (const arrangement of allArrangements(knockerCards, ace)) {
      if (arrangement.deadwood !== least) continue;
      const counts = {};
      for (const [name, cards] of Object.entries(defenders)) counts[name] = defenderCount(cards, arrangement.melds, ace);
      const total = Object.values(counts).reduce((sum, count) => sum + count.deadwood, 0);
      if (total > chosenTotal) [chosen, chosenCounts, chosenTotal] = [arrangement, counts, total];
    }
    return [chosen, chosenCounts];
  }

  // hands.py: who must say what he held, and each counted value; null if the engine refuses.
  const NEVER = "never_melded";
  const isCards = (value) => Array.isArray(value);
  function counted(variant, players, hand) {
    const rule = variant.who_is_counted[hand.how];
    if (!rule) return null;
    if (rule.ender === "nobody" ? hand.ended_by !== null : !players.includes(hand.ended_by)) return null;
    const names = Object.keys(hand.held);
    if (names.some((name) => !players.includes(name))) return null;
    if (rule.ender === "holds_nothing" && names.includes(hand.ended_by)) return null;
    const expected = rule.ender === "holds_nothing" ? players.filter((name) => name !== hand.ended_by) : players;
    const drawnBlank = rule.others === "all_or_none" && !names.length;
    if (!drawnBlank && expected.some((name) => !(name in hand.held))) return null;
    const size = variant.deal_size;
    for (const value of Object.values(hand.held)) {
      if (value === NEVER) {
        if (!variant.has_never_melded) return null;
      } else if (isCards(value)) {
        if (!cardsFit(variant, value, size)) return null;
      } else if (!Number.isInteger(value) || value < 0 || value > variant.count_ceiling) {
        return null;
      } else if (variant.family === "rami" && value < variant.count_floor) {
        return null;
      }
    }
    if (!deckHolds(variant, Object.values(hand.held).filter(isCards).flat())) return null;
    const found = variant.family === "rami" ? ramiCounts(variant, hand) : ginCounts(variant, hand);
    if (found === null) return null;
    return Object.fromEntries(players.filter((name) => name in found).map((name) => [name, found[name]]));
  }
  function cardsFit(variant, cards, size) {
    if (variant.family === "rami") return cards.length > 0 && cards.length <= size;
    return cards.length === size;
  }
  function deckHolds(variant, cards) {
    const seen = new Map();
    for (const card of cards) seen.set(card, (seen.get(card) || 0) + 1);
    for (const [card, count] of seen) if (count > (card === JOKER ? variant.jokers : variant.copies)) return false;
    return true;
  }
  function ramiCounts(variant, hand) {
    const found = {};
    for (const [name, value] of Object.entries(hand.held)) {
      if (value === NEVER) found[name] = variant.never_melded_penalty;
      else if (isCards(value)) found[name] = value.reduce((sum, card) => sum + cardValue(card, variant.ace_value, variant.joker_value), 0);
      else found[name] = value;
    }
    return found;
  }
  const endsInGin = (hand, knockerDeadwood) => hand.how === "gin" || (hand.how === "knock" && knockerDeadwood === 0);
  function ginCounts(variant, hand) {
    const ace = variant.ace_value;
    const found = {};
    const withCards = {};
    for (const [name, value] of Object.entries(hand.held)) {
      if (isCards(value)) withCards[name] = value;
      else found[name] = value;
    }
    const knocker = hand.ended_by;
    let knockerDeadwood = found[knocker];
    if (knocker in withCards) knockerDeadwood = bestArrangement(withCards[knocker], ace).deadwood;
    if (hand.how === "knock" && Object.keys(withCards).length && !endsInGin(hand, knockerDeadwood)) {
      if (!(knocker in withCards)) return null; // lay-offs need the knocker's cards
      const knockerCards = withCards[knocker];
      delete withCards[knocker];
      const [arrangement, defenders] = knockCounts(knockerCards, withCards, ace);
      found[knocker] = arrangement.deadwood;
      for (const [name, count] of Object.entries(defenders)) found[name] = count.deadwood;
    } else {
      for (const [name, cards] of Object.entries(withCards)) found[name] = bestArrangement(cards, ace).deadwood;
    }
    if (hand.how === "knock" && found[knocker] > variant.knock_max) return null;
    if (hand.how === "gin" && found[knocker] !== 0) return null;
    return found;
  }

  // scoring.py: the six scorers.
  const SCORERS = {
    "rami-traditionnel": (v, hand, c) => {
      let points = Object.values(c).reduce((a, b) => a + b, 0);
      if (hand.how === "rami_sec") points += v.rami_sec_bonus;
      return [hand.how, hand.ended_by, { [hand.ended_by]: points }];
    },
    "rami-penalites": (v, hand, c) => {
      if (hand.how === "going_out") return [hand.how, hand.ended_by, { ...c }];
      const each = v.rami_mode === "double" ? (n) => n * 2 : (n) => n + v.rami_penalty;
      return [hand.how, hand.ended_by, Object.fromEntries(Object.entries(c).map(([k, n]) => [k, each(n)]))];
    },
    rummy: (v, hand, c) => {
      const multiplier = hand.how === "rami_sec" ? v.rummy_multiplier : 1;
      const points = Object.fromEntries(Object.entries(c).map(([k, n]) => [k, -n * multiplier]));
      points[hand.ended_by] = -Object.values(points).reduce((a, b) => a + b, 0);
      return [hand.how, hand.ended_by, points];
    },
    "rami-jokers": (v, hand, c) => {
      const points = { ...c };
      points[hand.ended_by] = hand.how === "rami_sec" ? v.rami_sec_score : 0;
      return [hand.how, hand.ended_by, points];
    },
    "gin-rami": (v, hand, c) => {
      const knocker = hand.ended_by;
      const others = Object.entries(c).filter(([name]) => name !== knocker);
      if (endsInGin(hand, c[knocker])) return ["gin", knocker, Object.fromEntries(others.map(([k, d]) => [k, d + v.gin_penalty]))];
      const lowest = Math.min(...others.map(([, d]) => d));
      if (lowest > c[knocker]) return ["knock", knocker, Object.fromEntries(others.map(([k, d]) => [k, d - c[knocker]]))];
      const undercutter = others.find(([, d]) => d === lowest)[0];
      const points = Object.fromEntries(others.map(([k, d]) => [k, d - lowest]));
      points[knocker] = c[knocker] - lowest + v.undercut_penalty;
      return ["undercut", undercutter, points];
    },
    "gin-rummy": (v, hand, c) => {
      if (hand.how === "draw") return ["draw", null, {}];
      const knocker = hand.ended_by;
      const [defender, deadwood] = Object.entries(c).find(([name]) => name !== knocker);
      if (endsInGin(hand, c[knocker])) return ["gin", knocker, { [knocker]: v.gin_bonus + deadwood }];
      if (deadwood > c[knocker]) return ["knock", knocker, { [knocker]: deadwood - c[knocker] }];
      return ["undercut", defender, { [defender]: v.undercut_bonus + c[knocker] - deadwood }];
    },
  };

  // One hand: {result, winner, counted, points} (every player in points), or null.
  function scoreHand(variant, players, hand) {
    const found = counted(variant, players, hand);
    if (found === null) return null;
    const [result, winner, points] = SCORERS[variant.slug](variant, hand, found);
    return { result, winner, counted: found, points: Object.fromEntries(players.map((name) => [name, points[name] || 0])) };
  }

  window.RamiscoreRules = { JOKER, readCards, scoreHand, bestArrangement, knockCounts };
})();
