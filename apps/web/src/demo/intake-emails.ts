import {
  type IntakeEmailDto,
  intakeEmailsEndpoints,
  updateIntakeEmailSchema,
} from '@sheaf/contracts/intake-emails';
import { DEMO_INTAKE_EMAILS_DOMAIN, DEMO_PLAN_LIMITS } from './constants';
import {
  type DemoContext,
  newId,
  nowIso,
  randomAlphanumerics,
  requireManager,
  requireOrganization,
} from './context';
import { DemoHttpError, handle, json, noContent, notFound, notInDemo, parseJsonBody } from './http';

function findIntakeEmail(context: DemoContext, organizationId: string, intakeEmailId: string) {
  const intakeEmail = context.state.intakeEmails.find(
    ({ id, organizationId: owner }) => id === intakeEmailId && owner === organizationId,
  );
  if (!intakeEmail)
    throw notFound('intake_emails.not_found', 'No intake e-mail address with this id in this organization.');
  return intakeEmail;
}

/** Intake addresses to look at and edit; no mail reaches a demo, so their message logs stay empty. */
export const intakeEmailsRoutes = (context: DemoContext) => [
  handle(intakeEmailsEndpoints.list, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    return json({
      intakeEmails: context.state.intakeEmails.filter(
        ({ organizationId }) => organizationId === organization.id,
      ),
    });
  }),
  handle(intakeEmailsEndpoints.create, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    const count = context.state.intakeEmails.filter(
      ({ organizationId }) => organizationId === organization.id,
    ).length;
    const limit = DEMO_PLAN_LIMITS.maxIntakeEmailsCount;
    if (count >= limit) {
      throw new DemoHttpError(
        403,
        'intake_email.limit_reached',
        `The maximum number of intake emails for this organization (${limit}) has been reached, upgrade the plan.`,
      );
    }
    const now = nowIso(context);
    const intakeEmail: IntakeEmailDto = {
      id: newId('ie'),
      emailAddress: `${randomAlphanumerics(12)}@${DEMO_INTAKE_EMAILS_DOMAIN}`,
      isEnabled: true,
      allowedOrigins: [],
      organizationId: organization.id,
      createdAt: now,
      updatedAt: now,
    };
    context.state.intakeEmails.push(intakeEmail);
    return json({ intakeEmail }, 201);
  }),
  handle(intakeEmailsEndpoints.update, (request) => {
    const { organization } = requireManager(context, request.params.organizationId ?? '');
    const intakeEmail = findIntakeEmail(context, organization.id, request.params.intakeEmailId ?? '');
    const { isEnabled, allowedOrigins } = parseJsonBody(request, updateIntakeEmailSchema);
    if (isEnabled !== undefined) intakeEmail.isEnabled = isEnabled;
    if (allowedOrigins !== undefined) intakeEmail.allowedOrigins = allowedOrigins;
    intakeEmail.updatedAt = nowIso(context);
    return json({ intakeEmail });
  }),
  handle(intakeEmailsEndpoints.delete, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    const intakeEmail = findIntakeEmail(context, organization.id, params.intakeEmailId ?? '');
    context.state.intakeEmails = context.state.intakeEmails.filter(({ id }) => id !== intakeEmail.id);
    return noContent();
  }),
  handle(intakeEmailsEndpoints.listMessages, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    findIntakeEmail(context, organization.id, params.intakeEmailId ?? '');
    return json({ messages: [] });
  }),
  // Mail relays post to a server; nothing reaches a demo.
  notInDemo(intakeEmailsEndpoints.ingest),
];
