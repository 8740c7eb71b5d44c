import {
  Body,
  Controller,
  Get,
  Injectable,
  Module,
  Param,
  ParseIntPipe,
  Post,
} from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IsInt, IsString, Min } from 'class-validator';
import request from 'supertest';
import {
  DomainError,
  JsonLogger,
  MetricsService,
  createServiceApp,
  type ReadinessCheck,
} from '../src/index.js';

class ThingCreateDto {
  @IsString() name!: string;
  @IsInt() @Min(1) size!: number;
}

class ThingTakenError extends DomainError<'THING_TAKEN'> {
  readonly httpStatus = 409;
  constructor(name: string) {
    super('THING_TAKEN', `A thing named "${name}" already exists`);
  }
}

@Injectable()
class ThingService {
  constructor(private readonly logger: JsonLogger) {}
  create(dto: ThingCreateDto): { name: string; size: number } {
    this.logger.info('creating thing', { name: dto.name });
    if (dto.name === 'taken') throw new ThingTakenError(dto.name);
    return { name: dto.name, size: dto.size };
  }
}

@Controller('things')
class ThingController {
  constructor(private readonly things: ThingService) {}
  @Get(':id') get(@Param('id', ParseIntPipe) id: number): { id: number } {
    return { id };
  }
  @Post() create(@Body() dto: ThingCreateDto): { name: string; size: number } {
    return this.things.create(dto);
  }
  @Get('boom/now') boom(): never {
    throw new Error('database password is hunter2');
  }
  @Get('slow/now') async slow(): Promise<{ done: boolean }> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { done: true };
  }
}

@Module({ controllers: [ThingController], providers: [ThingService] })
class ThingModule {}

interface LogLine {
  level: string;
  msg: string;
  service: string;
  requestId?: string;
  [key: string]: unknown;
}

async function makeApp(checks: ReadinessCheck[] = [], checkTimeoutMs = 500) {
  const lines: LogLine[] = [];
  const logger = new JsonLogger({
    service: 'test',
    level: 'debug',
    write: (line) => lines.push(JSON.parse(line) as LogLine),
  });
  const metrics = new MetricsService({ service: 'test', defaultMetrics: false });
  const app: NestExpressApplication = await createServiceApp({
    service: 'test',
    logger,
    metrics,
    modules: [ThingModule],
    checks,
    checkTimeoutMs,
  });
  await app.init();
  return { app, lines, metrics, http: () => request(app.getHttpServer()) };
}

describe('platform', () => {
  describe('health', () => {
    it('is live, and ready with every check up', async () => {
      const { app, http } = await makeApp([{ name: 'database', probe: async () => undefined }]);
      try {
        await http().get('/health/live').expect(200, { status: 'live' });
        const ready = await http().get('/health/ready').expect(200);
        expect(ready.body).toEqual({
          status: 'ready',
          service: 'test',
          checks: { database: { status: 'up' } },
        });
      } finally {
        await app.close();
      }
    });

    it('answers 503 not-ready when a check fails or hangs, within the timeout', async () => {
      const { app, http } = await makeApp(
        [
          { name: 'database', probe: async () => undefined },
          { name: 'bus', probe: () => Promise.reject(new Error('broker unreachable')) },
          { name: 'queue', probe: () => new Promise(() => undefined) },
        ],
        200,
      );
      try {
        const started = Date.now();
        const res = await http().get('/health/ready').expect(503);
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(res.body).toEqual({
          status: 'not-ready',
          service: 'test',
          checks: {
            database: { status: 'up' },
            bus: { status: 'down', detail: 'broker unreachable' },
            queue: { status: 'down', detail: 'timed out after 200 ms' },
          },
        });
        await http().get('/health/live').expect(200);
      } finally {
        await app.close();
      }
    });
  });

  describe('metrics', () => {
    it('exposes the HTTP histogram by method, route template and status, and custom metrics', async () => {
      const { app, http, metrics } = await makeApp();
      try {
        metrics.gauge({
          name: 'outbox_backlog',
          help: 'Events not yet published',
          collect() {
            this.set(7);
          },
        });
        await http().get('/things/42').expect(200, { id: 42 });
        const res = await http().get('/metrics').expect(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        const count = res.text
          .split('\n')
          .find((line) => line.startsWith('http_request_duration_seconds_count{'));
        expect(count).toBeDefined();
        for (const label of [
          'method="GET"',
          'route="/things/:id"',
          'status_code="200"',
          'service="test"',
        ]) {
          expect(count).toContain(label);
        }
        expect(count).toMatch(/ 1$/);
        expect(res.text).toContain('outbox_backlog{service="test"} 7');
        // The same name asked twice gives the same metric (modules sharing one registry).
        expect(metrics.gauge({ name: 'outbox_backlog', help: 'again' })).toBe(
          metrics.registry.getSingleMetric('outbox_backlog'),
        );
      } finally {
        await app.close();
      }
    });
  });

  describe('request ids', () => {
    it('echoes a sane incoming id and carries it into log lines, also after body parsing', async () => {
      const { app, http, lines } = await makeApp();
      try {
        const res = await http()
          .post('/things')
          .set('X-Request-Id', 'req-abc.123')
          .send({ name: 'lamp', size: 2 })
          .expect(201);
        expect(res.headers['x-request-id']).toBe('req-abc.123');
        const serviceLine = lines.find((l) => l.msg === 'creating thing');
        expect(serviceLine).toMatchObject({
          level: 'info',
          service: 'test',
          requestId: 'req-abc.123',
          name: 'lamp',
        });
        expect(typeof serviceLine?.time).toBe('string');
        const access = lines.find((l) => l.msg === 'request' && l.path === '/things');
        expect(access).toMatchObject({
          requestId: 'req-abc.123',
          method: 'POST',
          status: 201,
          route: '/things',
        });
      } finally {
        await app.close();
      }
    });

    it('generates an id when none or an unacceptable one is sent', async () => {
      const { app, http } = await makeApp();
      try {
        const none = await http().get('/things/1').expect(200);
        expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        const bad = await http()
          .get('/things/1')
          .set('X-Request-Id', 'bad id with spaces <script>')
          .expect(200);
        expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(bad.headers['x-request-id']).not.toBe(none.headers['x-request-id']);
      } finally {
        await app.close();
      }
    });
  });

  describe('shutdown', () => {
    it('finishes in-flight requests, then closes resources in order and turns not-ready', async () => {
      const closed: string[] = [];
      const logger = new JsonLogger({ service: 'test', level: 'silent' });
      const app = await createServiceApp({
        service: 'test',
        logger,
        metrics: new MetricsService({ service: 'test', defaultMetrics: false }),
        modules: [ThingModule],
        resources: ['queue', 'bus', 'database'].map((name) => ({
          name,
          close: async () => void closed.push(name),
        })),
      });
      await app.listen(0, '127.0.0.1');
      const { port } = app.getHttpServer().address() as { port: number };
      const inFlight = fetch(`http://127.0.0.1:${port}/things/slow/now`).then(async (r) => [
        r.status,
        await r.json(),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the request is being handled
      const closing = app.close();
      expect(await inFlight).toEqual([200, { done: true }]);
      await closing;
      expect(closed).toEqual(['queue', 'bus', 'database']);
      await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
    });
  });

  describe('errors', () => {
    it('maps a domain error to its status with its code', async () => {
      const { app, http } = await makeApp();
      try {
        const res = await http()
          .post('/things')
          .set('X-Request-Id', 'dom-1')
          .send({ name: 'taken', size: 1 })
          .expect(409);
        expect(res.body).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: 'A thing named "taken" already exists',
          code: 'THING_TAKEN',
          requestId: 'dom-1',
        });
      } finally {
        await app.close();
      }
    });

    it('turns validation failures (wrong types, unknown properties) into a 400 with messages', async () => {
      const { app, http } = await makeApp();
      try {
        const res = await http()
          .post('/things')
          .send({ name: 5, size: 0, extra: true })
          .expect(400);
        expect(res.body).toMatchObject({
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION_FAILED',
        });
        expect(res.body.requestId).toBe(res.headers['x-request-id']);
        expect(res.body.message).toEqual(
          expect.arrayContaining([
            'property extra should not exist',
            'name must be a string',
            'size must not be less than 1',
          ]),
        );
        const badJson = await http()
          .post('/things')
          .set('Content-Type', 'application/json')
          .send('{"name":')
          .expect(400);
        expect(badJson.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        const badParam = await http().get('/things/abc').expect(400);
        expect(badParam.body).toMatchObject({
          statusCode: 400,
          message: expect.stringContaining('numeric string'),
        });
      } finally {
        await app.close();
      }
    });

    it('hides unknown errors behind a generic 500 and logs them once with the stack', async () => {
      const { app, http, lines } = await makeApp();
      try {
        const res = await http().get('/things/boom/now').set('X-Request-Id', 'boom-1').expect(500);
        expect(res.body).toEqual({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Internal server error',
          requestId: 'boom-1',
        });
        expect(res.text).not.toContain('hunter2');
        const logged = lines.filter((l) => l.level === 'error' && l.requestId === 'boom-1');
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatchObject({ err: 'database password is hunter2' });
        expect(String(logged[0]?.stack)).toContain('ThingController');
      } finally {
        await app.close();
      }
    });

    it('answers unknown routes with a 404 in the same shape', async () => {
      const { app, http } = await makeApp();
      try {
        const res = await http().get('/nowhere').expect(404);
        expect(res.body).toMatchObject({
          statusCode: 404,
          error: 'Not Found',
          requestId: res.headers['x-request-id'],
        });
      } finally {
        await app.close();
      }
    });
  });
});
