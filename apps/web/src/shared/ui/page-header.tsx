import type { ReactNode } from 'react';
import { cn } from './cn';

type PageHeaderProps = {
  /** The page's title, its only h1. */
  title: ReactNode;
  description?: ReactNode;
  /**
   * The page's actions (a create button…), at the end of the title's row and wrapping under it on
   * narrow screens. Give it — null while there is none — for a header that has an action area.
   */
  actions?: ReactNode;
  /** Classes of the title and description block, e.g. a max width. */
  textClassName?: string;
};

/** The header of a page (lists, settings): title, description and actions, above a rule. */
export function PageHeader({ title, description, actions, textClassName }: PageHeaderProps) {
  const text = (
    <>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </>
  );
  if (actions === undefined) {
    return <div className={cn('grid gap-1 border-b pb-4', textClassName)}>{text}</div>;
  }
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 border-b pb-4">
      <div className={cn('grid gap-1', textClassName)}>{text}</div>
      {actions}
    </div>
  );
}
