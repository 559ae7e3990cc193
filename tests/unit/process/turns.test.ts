import { describe, expect, it } from "vitest";
import { TURN_ORDERS, turnsOf, type Participant, type ParticipantState } from "@/lib/process/turns";

/**
 * The one turn rule (lib/process/turns.ts): whose turn it is in an ordered or a parallel process,
 * whether someone may act, and who is due after someone acts, with a refusal that stops the
 * process (approvals) or skips the one who refused (signatures).
 */
const stops = turnsOf<Participant>({ participant: (p) => p, onDecline: "stops" });
const skips = turnsOf<Participant>({ participant: (p) => p, onDecline: "skips" });

/** "a1:done" → participant a1 at position 1, done; "b2" → b2 at position 2, waiting. */
const people = (...specs: string[]): Participant[] =>
  specs.map((spec) => {
    const [id, state = "waiting"] = spec.split(":") as [string, ParticipantState | undefined];
    return { id, position: Number(id.slice(1)), state };
  });
const ids = (rows: Participant[]) => rows.map((p) => p.id).sort();

describe("an ordered process", () => {
  const process = people("a1", "b2", "c3");

  it("gives the first position its turn, then the middle, then the last", () => {
    for (const rules of [stops, skips]) {
      expect(ids(rules.whoseTurn(process, "ordered"))).toEqual(["a1"]);
      const middle = people("a1:done", "b2:requested", "c3");
      expect(ids(rules.whoseTurn(middle, "ordered"))).toEqual(["b2"]);
      const last = people("a1:done", "b2:done", "c3:requested");
      expect(ids(rules.whoseTurn(last, "ordered"))).toEqual(["c3"]);
      const finished = people("a1:done", "b2:done", "c3:done");
      expect(rules.whoseTurn(finished, "ordered")).toEqual([]);
      expect(rules.complete(finished)).toBe(true);
      expect(rules.complete(last)).toBe(false);
      expect(rules.complete([])).toBe(false);
    }
  });

  it("lets only whose turn it is act", () => {
    expect(skips.mayAct(process, "a1", "ordered")).toBe(true);
    expect(skips.mayAct(process, "b2", "ordered")).toBe(false);
    expect(skips.mayAct(process, "c3", "ordered")).toBe(false);
    expect(skips.mayAct(people("a1:done", "b2"), "a1", "ordered")).toBe(false);
    expect(skips.mayAct(process, "nobody", "ordered")).toBe(false);
  });

  it("reads positions, not the rows' order, and skips gaps", () => {
    const unsorted = people("c9", "a5", "b7");
    expect(ids(skips.whoseTurn(unsorted, "ordered"))).toEqual(["a5"]);
    expect(ids(skips.nextAfter(unsorted, "a5", "ordered"))).toEqual(["b7"]);
  });

  it("gives equal positions their turn together, the next position only when all of them are done", () => {
    const pair = people("a1", "b1", "c2");
    expect(ids(skips.whoseTurn(pair, "ordered"))).toEqual(["a1", "b1"]);
    const half = people("a1:done", "b1:requested", "c2");
    expect(ids(skips.whoseTurn(half, "ordered"))).toEqual(["b1"]);
    expect(skips.mayAct(half, "c2", "ordered")).toBe(false);
    expect(ids(skips.whoseTurn(people("a1:done", "b1:done", "c2"), "ordered"))).toEqual(["c2"]);
  });

  it("goes back to the lowest open position when someone was done out of order", () => {
    const early = people("a1:requested", "b2:done", "c3");
    expect(ids(skips.whoseTurn(early, "ordered"))).toEqual(["a1"]);
    expect(skips.mayAct(early, "c3", "ordered")).toBe(false);
    expect(ids(skips.nextAfter(early, "a1", "ordered"))).toEqual(["c3"]);
  });
});

describe("a parallel process", () => {
  it("gives every open participant the turn, whatever their position", () => {
    const process = people("a1:done", "b2:requested", "c3", "d3:requested");
    for (const rules of [stops, skips]) {
      expect(ids(rules.whoseTurn(process, "parallel"))).toEqual(["b2", "c3", "d3"]);
      expect(rules.mayAct(process, "c3", "parallel")).toBe(true);
      expect(rules.mayAct(process, "a1", "parallel")).toBe(false);
      expect(ids(rules.due(process, "parallel"))).toEqual(["c3"]);
    }
  });

  it("asks nobody new after someone acts once everyone was asked", () => {
    const process = people("a1:requested", "b2:requested");
    expect(skips.nextAfter(process, "a1", "parallel")).toEqual([]);
    expect(ids(skips.whoseTurn(people("a1:done", "b2:requested"), "parallel"))).toEqual(["b2"]);
  });
});

describe("someone declined", () => {
  it("stops the process where a refusal stops it: nobody's turn, nobody due", () => {
    for (const order of TURN_ORDERS) {
      const process = people("a1:done", "b2:declined", "c2:requested", "d3");
      expect(stops.stopped(process)).toBe(true);
      expect(stops.whoseTurn(process, order)).toEqual([]);
      expect(stops.mayAct(process, "c2", order)).toBe(false);
      expect(stops.due(process, order)).toEqual([]);
      expect(stops.nextAfter(process, "c2", order)).toEqual([]);
      expect(stops.complete(process)).toBe(false);
    }
  });

  it("skips only the one who declined where a refusal skips", () => {
    const first = people("a1:declined", "b2", "c3");
    expect(skips.stopped(first)).toBe(false);
    expect(ids(skips.whoseTurn(first, "ordered"))).toEqual(["b2"]);
    expect(ids(skips.whoseTurn(first, "parallel"))).toEqual(["b2", "c3"]);
    const pair = people("a1:declined", "b1:requested", "c2");
    expect(ids(skips.whoseTurn(pair, "ordered"))).toEqual(["b1"]);
    expect(ids(skips.nextAfter(pair, "b1", "ordered"))).toEqual(["c2"]);
    expect(skips.complete(pair)).toBe(false);
  });
});

describe("who is due", () => {
  it("is whose turn it is and was not asked yet", () => {
    const process = people("a1:requested", "b1", "c2");
    expect(ids(stops.due(process, "ordered"))).toEqual(["b1"]);
    expect(ids(stops.due(process, "parallel"))).toEqual(["b1", "c2"]);
  });

  it("after the first acts: the middle; after the middle: the last; after the last: nobody", () => {
    expect(ids(stops.nextAfter(people("a1:requested", "b2", "c3"), "a1", "ordered"))).toEqual(["b2"]);
    expect(ids(stops.nextAfter(people("a1:done", "b2:requested", "c3"), "b2", "ordered"))).toEqual(["c3"]);
    expect(stops.nextAfter(people("a1:done", "b2:done", "c3:requested"), "c3", "ordered")).toEqual([]);
  });

  it("waits for every equal position before the next one is due, and never asks twice", () => {
    expect(stops.nextAfter(people("a1:requested", "b1:requested", "c2"), "a1", "ordered")).toEqual([]);
    expect(ids(stops.nextAfter(people("a1:done", "b1:requested", "c2", "d2"), "b1", "ordered"))).toEqual(["c2", "d2"]);
    expect(ids(stops.nextAfter(people("a1:requested", "b2:requested", "c2"), "a1", "ordered"))).toEqual(["c2"]);
  });
});
