import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../platform/auth/permissions.js';
import type { AppContext } from '../../../platform/context.js';
import { ResourceService } from '../../../platform/resources/resource.service.js';
import { TasksRepository } from '../../../engine/store/tasks.repository.js';
import { executionsResource } from '../executions.resource.js';
import { renderExecutionPdf } from './execution-pdf.js';
import { executionReportData } from './execution-report-data.js';
import { access, onResource } from '../../../platform/http/access.js';

const idParams = z.object({ id: z.string() });

/** The report's file name (spec 1 §2: ExecutionReport{id}.pdf); the id is the row's, digits only. */
export function reportFileName(id: string): string {
  return `ExecutionReport${id}.pdf`;
}

/**
 * GET builder/v1/executions/{id}/pdf (spec 1 §7): the execution report as a PDF, made
 * on the server so that it reads the same whatever the browser. Whoever may view the
 * execution may download it (401 without a user, 403 without access, 404 unknown).
 */
export function registerExecutionPdfRoute(app: FastifyInstance, ctx: AppContext): void {
  const service = new ResourceService(executionsResource, ctx);
  const tasks = new TasksRepository(ctx.db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/builder/v1/executions/:id/pdf',
    { config: access(onResource('executions', 'view')), schema: { tags: ['builder'], summary: 'The execution report as a PDF', params: idParams } },
    async (request, reply) => {
      const principal = requireUser(request.principal);
      const { row } = await service.load(principal, request.params.id);
      const pdf = await renderExecutionPdf(executionReportData(row, await tasks.ofExecution(row.id)));
      reply.header('content-disposition', `attachment; filename="${reportFileName(String(row.id))}"`);
      reply.header('content-length', pdf.length);
      return reply.type('application/pdf').send(pdf);
    },
  );
}
