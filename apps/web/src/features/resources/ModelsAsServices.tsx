import { Stack } from '@mantine/core';
import { useAuth } from '../../app/auth/auth-context';
import { AllServices } from './AllServices';
import { RunningServices } from './RunningServices';
import { ServicesHistory } from './ServicesHistory';

/** Spec 2 "Resources Usage" Models as Services: the running services, then the history; staff also see every user's. */
export function ModelsAsServices() {
  const { isStaff } = useAuth();
  return (
    <Stack gap="lg">
      <RunningServices />
      <ServicesHistory />
      {isStaff && <AllServices />}
    </Stack>
  );
}
