import { clusterCaption, clusterName } from '../../model/wineries';
import type { Box } from './label-placement';
import classes from './map.module.css';
import type { WineMapMarker } from './map-types';

/** A winery's pin with its permanent label (logo, title, subregion, description preview). */
export function markerElement(
  marker: WineMapMarker,
  onClick: () => void,
): { button: HTMLElement; label: HTMLElement } {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = classes.marker ?? '';
  button.setAttribute('aria-label', `Weingut ${marker.title}`);
  button.dataset.wineryId = String(marker.id);
  const pin = document.createElement('span');
  pin.className = classes.pin ?? '';
  const label = document.createElement('span');
  label.className = classes.label ?? '';
  if (marker.logo) {
    const logo = document.createElement('img');
    logo.src = marker.logo;
    logo.alt = '';
    label.append(logo);
  }
  const text = document.createElement('span');
  const title = document.createElement('strong');
  title.textContent = marker.title;
  text.append(title);
  if (marker.subregion) {
    const subregion = document.createElement('small');
    subregion.textContent = marker.subregion;
    text.append(subregion);
  }
  const preview = document.createElement('span');
  preview.textContent = marker.preview;
  text.append(preview);
  label.append(text);
  button.append(pin, label);
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return { button, label };
}

/** Wineries that would overlap at this zoom: their count and regions; a click or Enter zooms in. */
export function clusterElement(
  id: number,
  count: number,
  regions: readonly string[],
  onActivate: (byKeyboard: boolean) => void,
): { button: HTMLElement; label: HTMLElement | null } {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = classes.cluster ?? '';
  button.dataset.clusterId = String(id);
  button.setAttribute('aria-label', clusterName(count, regions));
  const bubble = document.createElement('span');
  bubble.className = classes.bubble ?? '';
  bubble.textContent = String(count);
  button.append(bubble);
  let label: HTMLElement | null = null;
  const caption = clusterCaption(regions);
  if (caption) {
    label = document.createElement('span');
    label.className = classes.caption ?? '';
    label.textContent = caption;
    button.append(label);
  }
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    // A click from Enter or Space has no pointer behind it (detail 0): focus then follows the zoom.
    onActivate(event.detail === 0);
  });
  return { button, label };
}

/** Box of an element relative to the map container. */
export function boxWithin(element: Element, container: DOMRect): Box {
  const rect = element.getBoundingClientRect();
  return {
    x: rect.left - container.left,
    y: rect.top - container.top,
    width: rect.width,
    height: rect.height,
  };
}
