/**
 * Which links a population/plans file uses (issue 24): `POST /datasets/files/{id}/link-use` answers, for the links
 * the map editor is about to delete, how many activities sit on each and how many plan routes pass it, with a few
 * example persons. The server builds the index once per file (derived file `link-use.json`).
 */
import { z } from 'zod';
import { ExactText } from './strings.ts';

/** Links in one link-use question at most (the network query's id limit). */
export const LINK_USE_MAX_LINKS = 10_000;
/** Example persons kept per link and kind of use. */
export const LINK_USE_SAMPLES = 3;

const Id = ExactText().min(1).max(200);

/**
 * A link asked about. `from`/`to` (its nodes) let plans_v4 car routes count too: they list the nodes a car passes,
 * not links, so the index holds their node pairs.
 */
export const LinkUseLink = z.object({ id: Id, from: Id.optional(), to: Id.optional() });
export type LinkUseLink = z.infer<typeof LinkUseLink>;

export const LinkUseRequest = z.object({ links: z.array(LinkUseLink).max(LINK_USE_MAX_LINKS) });
export type LinkUseRequest = z.infer<typeof LinkUseRequest>;

/** One used link: counts over every plan of every person in the file. */
export const LinkUse = z.object({
  id: z.string(),
  /** Activities with this `link`. */
  activities: z.number().int().min(0),
  /** Of those, the activities without coordinates (x/y): a run cannot place them once the link is gone. */
  activitiesWithoutCoordinates: z.number().int().min(0),
  /** Leg routes that start, end or pass on this link (each route once). */
  routes: z.number().int().min(0),
  /** Up to LINK_USE_SAMPLES persons with such activities, in file order. */
  activityPersons: z.array(z.string()),
  /** Up to LINK_USE_SAMPLES persons with such routes, in file order. */
  routePersons: z.array(z.string()),
});
export type LinkUse = z.infer<typeof LinkUse>;

export const LinkUseAnswer = z.object({
  /** Persons in the file. */
  persons: z.number().int().min(0),
  /** Only the links asked about that the file uses, in the order asked. */
  links: z.array(LinkUse),
});
export type LinkUseAnswer = z.infer<typeof LinkUseAnswer>;
