import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrast, parseColour } from '../../app/theme/contrast';
import { NO_CATEGORY_COLOUR, SlotShape } from './plan-canvas';

// A slot's code is drawn on its category's colour. It was dark text on a 65% fill, which on Violet Nights' dark page
// (or a dark category colour) was dark on dark: the fill is now opaque and the code black or white, whichever reads.

const GEOMETRY = { planX: 1, planY: 1, planRotation: 0, widthM: 3, depthM: 3 };

function drawn(colour: string) {
  const { container } = render(
    <svg>
      <SlotShape id="s1" code="A1" geometry={GEOMETRY} colour={colour} blocked={false} label="Slot A1" />
    </svg>,
  );
  const rect = container.querySelector('rect')!;
  const text = container.querySelector('text')!;
  return { fill: rect.getAttribute('fill')!, opacity: rect.getAttribute('fill-opacity'), text: text.getAttribute('fill')! };
}

describe('slot labels on the plan', () => {
  it('draw the code at least 4.5:1 on every category colour, light or dark', () => {
    for (const colour of ['#1e3a8a', '#0f172a', '#16a34a', '#f97316', '#fde047', '#7c3aed', '#777777', NO_CATEGORY_COLOUR]) {
      const { fill, opacity, text } = drawn(colour);
      expect(opacity, 'the fill is opaque, whatever the theme underneath').toBeNull();
      expect(contrast(parseColour(text), parseColour(fill)), `${text} on ${colour}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('uses white on a dark category and black on a light one', () => {
    expect(drawn('#1e3a8a').text).toBe('#ffffff');
    expect(drawn('#fde047').text).toBe('#000000');
  });

  it('still draws a readable code when a category colour cannot be read', () => {
    expect(drawn('not-a-colour').text).toBe('#000000');
  });
});
