import { describe, expect, it } from 'vitest';
import { clusterCaption, clusterName, clusterRegions } from '../../src/features/wineries/model/wineries';
import { type LabelRequest, placeLabels } from '../../src/features/wineries/ui/map/label-placement';

const frame = { width: 600, height: 400 };
const label = (x: number, y: number, prefer: LabelRequest['prefer'] = 'side'): LabelRequest => ({
  x,
  y,
  radius: 7,
  width: 200,
  height: 100,
  prefer,
});
const boxOf = (request: LabelRequest, offset: { dx: number; dy: number }) => ({
  left: request.x + offset.dx,
  top: request.y + offset.dy,
  right: request.x + offset.dx + request.width,
  bottom: request.y + offset.dy + request.height,
});
const overlaps = (a: ReturnType<typeof boxOf>, b: ReturnType<typeof boxOf>) =>
  Math.min(a.right, b.right) > Math.max(a.left, b.left) &&
  Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);

describe('map labels are placed inside the map and clear of each other', () => {
  it('puts a lone marker label to the right of its pin', () => {
    const [offset] = placeLabels([label(100, 150)], frame);
    expect(offset?.dx).toBeGreaterThan(0);
  });

  it('opens a label near the right or bottom edge towards the inside', () => {
    const requests = [label(560, 380)];
    const [offset] = placeLabels(requests, frame);
    const box = boxOf(requests[0] as LabelRequest, offset as { dx: number; dy: number });
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(frame.width);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(frame.height);
  });

  it('keeps two neighbours apart where the map has room', () => {
    const requests = [label(300, 150), label(330, 170)];
    const offsets = placeLabels(requests, frame);
    const [a, b] = requests.map((request, index) =>
      boxOf(request, offsets[index] as { dx: number; dy: number }),
    );
    expect(overlaps(a as ReturnType<typeof boxOf>, b as ReturnType<typeof boxOf>)).toBe(false);
  });

  it('moves a label placed first when its later neighbour has no other room (a phone-sized map)', () => {
    const phone = { width: 358, height: 420 };
    const wide = (x: number, y: number): LabelRequest => ({
      x,
      y,
      radius: 7,
      width: 172,
      height: 108,
      prefer: 'side',
    });
    for (const requests of [
      [wide(255, 222), wide(103, 238)],
      [wide(255, 238), wide(103, 222)],
    ]) {
      const offsets = placeLabels(requests, phone);
      const boxes = requests.map((request, index) =>
        boxOf(request, offsets[index] as { dx: number; dy: number }),
      );
      for (const [i, a] of boxes.entries()) {
        expect(a.left).toBeGreaterThanOrEqual(0);
        expect(a.right).toBeLessThanOrEqual(phone.width);
        for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
      }
    }
  });

  it('keeps labels off the map controls', () => {
    const requests = [label(20, 60)];
    const search = { x: 10, y: 10, width: 260, height: 36 };
    const [offset] = placeLabels(requests, frame, [search]);
    const box = boxOf(requests[0] as LabelRequest, offset as { dx: number; dy: number });
    expect(box.top).toBeGreaterThanOrEqual(search.y + search.height);
  });

  it('is not thrown off by fractions of a pixel', () => {
    const requests = [label(397.16389333334183, 344.55023905381705)];
    const [offset] = placeLabels(requests, { width: 633.328125, height: 618 });
    expect(offset?.dx).toBeGreaterThan(0);
  });
});

describe('cluster texts', () => {
  it('lists a cluster’s regions by their number of wineries', () => {
    const counts = new Map([
      ['Burgund', 3],
      ['Bordeaux', 5],
      ['Champagne', 3],
      ['Toskana', 0],
    ]);
    expect(clusterRegions(counts)).toEqual(['Bordeaux', 'Burgund', 'Champagne']);
  });

  it('captions one or two regions by name and more by their number', () => {
    expect(clusterCaption(['Napa Valley'])).toBe('Napa Valley');
    expect(clusterCaption(['Burgund', 'Rhône'])).toBe('Burgund · Rhône');
    expect(clusterCaption(['Bordeaux', 'Burgund', 'Champagne'])).toBe('3 Regionen');
    expect(clusterCaption([])).toBe('');
  });

  it('names the count and the regions for screen readers', () => {
    expect(clusterName(2, ['Napa Valley'])).toBe('2 Weingüter in Napa Valley – heranzoomen');
    expect(clusterName(5, ['Bordeaux', 'Burgund', 'Rhône'])).toBe(
      '5 Weingüter in Bordeaux, Burgund und Rhône – heranzoomen',
    );
    expect(clusterName(3, [])).toBe('3 Weingüter – heranzoomen');
  });
});
