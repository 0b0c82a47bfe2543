import { within } from 'storybook/test'

/**
 * Every story renders in a light and a dark pane (see `.storybook/preview.tsx`). Play functions look
 * inside the light one, so each query finds one element, not two.
 */
export function lightPane(canvasElement: HTMLElement): HTMLElement {
  return canvasElement.querySelector<HTMLElement>('[data-theme="light"]') ?? canvasElement
}

/** Testing Library queries bound to the light pane. */
export function inLight(canvasElement: HTMLElement) {
  return within(lightPane(canvasElement))
}
