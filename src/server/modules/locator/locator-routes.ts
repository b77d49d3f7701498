import { Hono } from 'hono';
import { LocatorUserQuery } from '../../../domain/contract/locator.ts';
import { findSourceCountry, SOURCE_COUNTRIES } from '../../../domain/countries.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { queryParams } from '../../http/validate.ts';
import { locateUser } from './locator-service.ts';
import { type ApiBases, sourceCountryView } from './locator-views.ts';

/** The service locator (contract: src/domain/contract/locator.ts). No session needed. */
export function locatorRoutes(bases: ApiBases): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/countries', (c) => c.json({ data: SOURCE_COUNTRIES.map((country) => sourceCountryView(country, bases)) }));

  app.get('/countries/:iso2', (c) => {
    const country = findSourceCountry(c.req.param('iso2'));
    if (!country) throw notFound('Country');
    return c.json({ data: sourceCountryView(country, bases) });
  });

  app.get('/users', queryParams(LocatorUserQuery), async (c) =>
    c.json({ data: await locateUser(c.var.deps.db, c.req.valid('query').email, bases) }),
  );

  return app;
}
