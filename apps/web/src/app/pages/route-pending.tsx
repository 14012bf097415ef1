import { Spinner } from '../../shared/ui/spinner';

export function RoutePending() {
  return (
    <div className="flex min-h-[40dvh] items-center justify-center p-6 text-primary">
      <Spinner size="lg" />
    </div>
  );
}
