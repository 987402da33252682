/**
 * Where the permanent labels of the map's markers (and the captions of its clusters) go: beside,
 * above or below their pin, inside the map, and clear of other labels, pins and the map's controls
 * as far as the space allows. Pure geometry in screen pixels, so it is tested without a browser.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelRequest {
  /** The pin's centre on the screen. */
  x: number;
  y: number;
  /** Half the size of the pin (or cluster bubble): the label keeps this far from the centre, plus a gap. */
  radius: number;
  /** The label's measured size. */
  width: number;
  height: number;
  /** Marker labels prefer the sides (reading from the pin), cluster captions above and below. */
  prefer: 'side' | 'vertical';
}

/** The label's top-left corner relative to the pin's centre. */
export interface LabelOffset {
  dx: number;
  dy: number;
}

const GAP = 4;
/** How far a side label reaches above the pin's centre: its first line sits level with the pin. */
const SIDE_RISE = 12;

function candidates(request: LabelRequest): LabelOffset[] {
  const { width, height } = request;
  const reach = request.radius + GAP;
  const right = reach;
  const left = -reach - width;
  const centred = -Math.round(width / 2);
  const sides = [
    { dx: right, dy: -SIDE_RISE },
    { dx: left, dy: -SIDE_RISE },
    { dx: right, dy: SIDE_RISE - height },
    { dx: left, dy: SIDE_RISE - height },
  ];
  const vertical = [
    { dx: centred, dy: reach },
    { dx: centred, dy: -reach - height },
  ];
  return request.prefer === 'side' ? [...sides, ...vertical] : [...vertical, ...sides];
}

function roundBox(box: Box): Box {
  const x = Math.floor(box.x);
  const y = Math.floor(box.y);
  return { x, y, width: Math.ceil(box.x + box.width) - x, height: Math.ceil(box.y + box.height) - y };
}

function overlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The part of `box` outside the frame (0,0)–(width,height), as an area. */
function outside(box: Box, frame: { width: number; height: number }): number {
  const inside = overlap(box, { x: 0, y: 0, width: frame.width, height: frame.height });
  return box.width * box.height - inside;
}

/**
 * One offset per request, in the same order. Greedy first: each label takes the first of its
 * candidate positions that lies wholly inside the frame and touches no label placed so far, no pin
 * and no obstacle; when none does, the one with the least such area (running out of the frame
 * counts ten times, covering a pin four times, so a label rather covers a neighbour's label than
 * leaves the map). Then labels that still touch something move where they touch less.
 */
export function placeLabels(
  unrounded: readonly LabelRequest[],
  frameSize: { width: number; height: number },
  unroundedObstacles: readonly Box[] = [],
): LabelOffset[] {
  // Whole pixels: areas are then exact, and "touches nothing" is not lost to rounding noise.
  const requests = unrounded.map((request) => ({
    ...request,
    x: Math.round(request.x),
    y: Math.round(request.y),
    width: Math.ceil(request.width),
    height: Math.ceil(request.height),
  }));
  const frame = { width: Math.floor(frameSize.width), height: Math.floor(frameSize.height) };
  const obstacles = unroundedObstacles.map(roundBox);
  const pins: Box[] = requests.map((request) => ({
    x: request.x - request.radius,
    y: request.y - request.radius,
    width: request.radius * 2,
    height: request.radius * 2,
  }));
  const placed: (Box | null)[] = requests.map(() => null);
  const boxAt = (request: LabelRequest, offset: LabelOffset): Box => ({
    x: request.x + offset.dx,
    y: request.y + offset.dy,
    width: request.width,
    height: request.height,
  });
  const costOf = (index: number, box: Box): number => {
    let cost = outside(box, frame) * 10;
    placed.forEach((other, otherIndex) => {
      if (other && otherIndex !== index) cost += overlap(box, other);
    });
    pins.forEach((pin, pinIndex) => {
      if (pinIndex !== index) cost += overlap(box, pin) * 4;
    });
    for (const obstacle of obstacles) cost += overlap(box, obstacle);
    return cost;
  };
  const bestFor = (index: number): { offset: LabelOffset; cost: number } => {
    const request = requests[index] as LabelRequest;
    let best: { offset: LabelOffset; cost: number } | null = null;
    for (const offset of candidates(request)) {
      const cost = costOf(index, boxAt(request, offset));
      if (!best || cost < best.cost) best = { offset, cost };
      if (cost === 0) break;
    }
    return best ?? { offset: { dx: 0, dy: 0 }, cost: 0 };
  };
  // Top to bottom, then left to right: neighbours in a row settle in reading order.
  const order = requests
    .map((request, index) => ({ request, index }))
    .sort((a, b) => a.request.y - b.request.y || a.request.x - b.request.x)
    .map(({ index }) => index);
  const offsets: LabelOffset[] = requests.map(() => ({ dx: 0, dy: 0 }));
  for (const index of order) {
    const { offset } = bestFor(index);
    offsets[index] = offset;
    placed[index] = boxAt(requests[index] as LabelRequest, offset);
  }
  // A label placed early did not know its later neighbours: a few rounds in which each label moves
  // when another of its positions touches less, given where all the others are now.
  for (let round = 0; round < 4; round++) {
    let moved = false;
    for (const index of order) {
      const request = requests[index] as LabelRequest;
      const current = costOf(index, placed[index] as Box);
      if (current === 0) continue;
      const best = bestFor(index);
      if (best.cost < current) {
        offsets[index] = best.offset;
        placed[index] = boxAt(request, best.offset);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return offsets;
}
