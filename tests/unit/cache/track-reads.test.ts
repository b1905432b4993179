// Reads through the tracker are what the content cache and the dev server trust to tell whether a
// page must be rendered again. These pin the JSON case (an island's props): one read covers the
// whole serialized value, the JSON is the same as without tracking, and any change below it shows.
import { describe, expect, it } from 'vitest';
import { ReadTracker, valueAt, type Reads } from '../../../src/cache/track-reads.ts';

const navigation = () => ({
  services: [
    { slug: 'domestic-cleaning-services', label: 'Domestic cleaning', order: 1 },
    { slug: 'deep-cleaning-services', label: 'Deep cleaning', order: 2 },
  ],
  areas: new Map([['orpington', { name: 'Orpington', postcodes: ['BR5', 'BR6'] }]]),
  updated: new Date('2026-11-01T00:00:00Z'),
});

function render(data: ReturnType<typeof navigation>, draw: (site: { navigation: ReturnType<typeof navigation>; title: string }) => string) {
  const tracker = new ReadTracker();
  const site = tracker.wrap('site', { navigation: data, title: 'Ardent' });
  const reads: Reads = new Map();
  const output = tracker.record(reads, () => draw(site));
  return { output, reads: new Map([...reads].map(([node, value]) => [node.path.split('\u0001').join(' '), value])) };
}

describe('read tracking of JSON', () => {
  it('serializes tracked data exactly as the data itself', () => {
    const data = navigation();
    const { output } = render(data, (site) => JSON.stringify({ nav: site.navigation, title: site.title }));
    expect(output).toBe(JSON.stringify({ nav: data, title: 'Ardent' }));
  });

  it('records one read for the whole serialized value, not one per field', () => {
    const { reads } = render(navigation(), (site) => JSON.stringify({ nav: site.navigation }));
    expect([...reads.keys()]).toEqual(['site .navigation @json']);
  });

  it('finds the recorded JSON again in unchanged data, and sees a change anywhere below it', () => {
    const { reads } = render(navigation(), (site) => JSON.stringify(site.navigation));
    const recorded = reads.get('site .navigation @json');
    expect(recorded).toEqual(expect.any(String));
    const path = ['site', '.navigation', '@json'].join('\u0001');
    expect(valueAt({ site: { navigation: navigation() } }, path)).toBe(recorded);

    const renamed = navigation();
    renamed.services[1]!.label = 'Deep cleans';
    expect(valueAt({ site: { navigation: renamed } }, path)).not.toBe(recorded);
    const moved = navigation();
    moved.updated = new Date('2026-11-02T00:00:00Z');
    expect(valueAt({ site: { navigation: moved } }, path)).not.toBe(recorded);
  });

  it('still records field by field what a template reads without serializing', () => {
    const { output, reads } = render(navigation(), (site) => site.navigation.services.map((service) => service.label).join(', '));
    expect(output).toBe('Domestic cleaning, Deep cleaning');
    expect(reads.get('site .navigation .services .0 .label')).toBe('Domestic cleaning');
    expect([...reads.keys()].some((path) => path.endsWith('@json'))).toBe(false);
  });
});
