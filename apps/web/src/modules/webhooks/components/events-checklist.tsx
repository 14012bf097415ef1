import { WEBHOOK_EVENTS, type WebhookEvent } from '@sheaf/contracts/webhooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../shared/ui/checkbox';
import { cn } from '../../../shared/ui/cn';
import { eventLabelKey, getAllEventsState, toggleAllEvents, toggleEvent } from '../validation';

type EventsChecklistProps = {
  value: WebhookEvent[];
  onChange: (value: WebhookEvent[]) => void;
  onBlur?: () => void;
  invalid?: boolean;
  labelledBy: string;
  describedBy?: string;
};

/** The subscribable events (spec §6) as a group of checkboxes, with a tri-state "Select all". */
export function EventsChecklist({
  value,
  onChange,
  onBlur,
  invalid,
  labelledBy,
  describedBy,
}: EventsChecklistProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const allId = `${baseId}-all`;

  return (
    <fieldset
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={cn('grid min-w-0 rounded-lg border bg-surface', invalid && 'border-danger')}
    >
      <div className="flex items-center justify-between gap-3 border-b px-3 py-2">
        <label htmlFor={allId} className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
          <Checkbox
            id={allId}
            checked={getAllEventsState(value)}
            aria-invalid={invalid || undefined}
            onCheckedChange={() => onChange(toggleAllEvents(value))}
            onBlur={onBlur}
          />
          {t('webhooks.form.select-all-events')}
        </label>
        <span className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
          {t('webhooks.form.selected-events', { selected: value.length, total: WEBHOOK_EVENTS.length })}
        </span>
      </div>
      <ul className="grid gap-0.5 p-1.5 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => {
          const id = `${baseId}-${event.replaceAll(':', '-')}`;
          return (
            <li key={event} className="min-w-0">
              <label
                htmlFor={id}
                className="flex min-w-0 cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 hover:bg-muted"
              >
                <Checkbox
                  id={id}
                  className="mt-0.5"
                  checked={value.includes(event)}
                  aria-invalid={invalid || undefined}
                  aria-describedby={`${id}-code`}
                  onCheckedChange={(next) => onChange(toggleEvent(value, event, next === true))}
                  onBlur={onBlur}
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="text-sm">{t(eventLabelKey(event))}</span>
                  <code
                    id={`${id}-code`}
                    aria-hidden="true"
                    className="truncate font-mono text-xs text-muted-foreground"
                  >
                    {event}
                  </code>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
