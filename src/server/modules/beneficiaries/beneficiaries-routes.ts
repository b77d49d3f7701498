import { Hono } from 'hono';
import { DATA_SOURCE_NAMES, type DataSourceName } from '../../../domain/beneficiary-schema.ts';
import {
  BeneficiaryListQuery,
  BeneficiarySchemaQuery,
  CreateBeneficiaryRequest,
  DataSourceQuery,
  UpdateBeneficiaryRequest,
} from '../../../domain/contract/beneficiaries.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireSession } from '../../http/require-session.ts';
import { jsonBody, queryParams } from '../../http/validate.ts';
import {
  corridorSchemaOr404,
  createBeneficiary,
  deleteBeneficiary,
  listBeneficiaries,
  loadBeneficiary,
  updateBeneficiary,
} from './beneficiary-service.ts';
import { dataSourceEntries } from './data-sources.ts';
import { schemaView } from './schema-view.ts';

function isDataSourceName(value: string): value is DataSourceName {
  return (DATA_SOURCE_NAMES as readonly string[]).includes(value);
}

/**
 * Recipients (SPEC §7): the schema their form is rendered from, the payout
 * directories it chooses from (public reference data), and the customer's
 * own recipients, each answering only its owner.
 */
export function beneficiariesRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/api/v1/schemas/beneficiary', queryParams(BeneficiarySchemaQuery), (c) => {
    const query = c.req.valid('query');
    const corridor = corridorSchemaOr404(query.destination_country, query.payout_type, query.destination_currency);
    return c.json(schemaView(corridor));
  });

  app.get('/api/v1/data-sources/:name', queryParams(DataSourceQuery), async (c) => {
    const name = c.req.param('name');
    if (!isDataSourceName(name)) throw notFound(`Data source ${name}`);
    return c.json({ data: await dataSourceEntries(c.var.deps.db, name, c.req.valid('query').country) });
  });

  app.post('/api/v1/beneficiaries', requireSession(), jsonBody(CreateBeneficiaryRequest), async (c) =>
    c.json({ data: await createBeneficiary(c.var.deps, c.var.session.customerId, c.req.valid('json')) }, 201),
  );
  app.get('/api/v1/beneficiaries', requireSession(), queryParams(BeneficiaryListQuery), async (c) => {
    const list = await listBeneficiaries(c.var.deps.db, c.var.session.customerId, c.req.valid('query'));
    return c.json({ data: { data: list } });
  });
  app.get('/api/v1/beneficiaries/:id', requireSession(), async (c) =>
    c.json({ data: await loadBeneficiary(c.var.deps.db, c.var.session.customerId, c.req.param('id')) }),
  );
  app.put('/api/v1/beneficiaries/:id', requireSession(), jsonBody(UpdateBeneficiaryRequest), async (c) => {
    const { values } = c.req.valid('json');
    const saved = await updateBeneficiary(c.var.deps, c.var.session.customerId, c.req.param('id'), values);
    return c.json({ data: saved });
  });
  app.delete('/api/v1/beneficiaries/:id', requireSession(), async (c) => {
    await deleteBeneficiary(c.var.deps, c.var.session.customerId, c.req.param('id'));
    return c.body(null, 204);
  });
  return app;
}
