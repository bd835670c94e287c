import { DEFAULT_ENGINE_VERSION, SETUP_PASSWORD_MIN } from '@corridor/contract';
import { Button, Group, Paper, Stack, Stepper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../../api/session.ts';
import { AdminPanel } from './AdminPanel.tsx';
import { type EngineChoice, EnginePanel } from './EnginePanel.tsx';
import { LicensePanel } from './LicensePanel.tsx';
import { ProgressPanel } from './ProgressPanel.tsx';
import { useSetupRun } from './useSetupRun.ts';
import { WelcomePanel } from './WelcomePanel.tsx';
import { type AdminAccount, adminErrors, EMPTY_LICENSE_DRAFT, type LicenseDraft, licensePlan } from './wizard.ts';

const STEPS = ['welcome', 'admin', 'license', 'engine', 'finish'] as const;
const WELCOME = 0;
const ADMIN = 1;
const LICENSE = 2;
const ENGINE = 3;
const FINISH = 4;

/** First-run setup wizard, /setup (spec 1 §2.6, §4, §5, §8). */
export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const [step, setStep] = useState(WELCOME);
  const [license, setLicense] = useState<LicenseDraft>(EMPTY_LICENSE_DRAFT);
  const [licenseError, setLicenseError] = useState<string>();
  const [communityNameError, setCommunityNameError] = useState<string>();
  const [engine, setEngine] = useState<EngineChoice>({ download: false, version: DEFAULT_ENGINE_VERSION });
  const setup = useSetupRun();
  const admin = useForm<AdminAccount>({
    initialValues: { username: '', password: '', repeatPassword: '' },
    validate: (values) => {
      const errors = adminErrors(values);
      return Object.fromEntries(
        Object.entries(errors).map(([field, key]) => [field, t(`setup.admin.errors.${key}`, { min: SETUP_PASSWORD_MIN })]),
      );
    },
  });

  // Once setup has started, signing the administrator in must not pull the page away.
  if (!setup.progress && session && session.status !== 'setup') {
    return <Navigate to={session.status === 'signedIn' ? '/' : '/login'} replace />;
  }

  const changeLicense = (change: Partial<LicenseDraft>) => {
    setLicenseError(undefined);
    setCommunityNameError(undefined);
    setLicense((draft) => ({ ...draft, ...change }));
  };

  const next = () => {
    if (step === ADMIN) {
      if (admin.validate().hasErrors) return;
      const username = admin.values.username.trim();
      setLicense((draft) => (draft.communityName ? draft : { ...draft, communityName: username }));
    }
    if (step === LICENSE && !licensePlan(license)) {
      if (license.mode === 'community' && !license.communityName.trim()) {
        setCommunityNameError(t('setup.license.communityNameRequired'));
      } else {
        setLicenseError(t('setup.license.required'));
      }
      return;
    }
    if (step === ENGINE) {
      const plan = licensePlan(license);
      if (!plan) return setStep(LICENSE); // unreachable: the licence step let us pass
      setup.start({
        account: { username: admin.values.username.trim(), password: admin.values.password },
        license: plan,
        engine: engine.download ? engine.version : null,
      });
    }
    setStep((current) => current + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    next();
  };

  const finish = () => {
    void setup.refreshSession();
    void navigate('/', { replace: true });
  };

  return (
    <Paper withBorder p="xl">
      <Stack gap="xl">
        <Stepper active={setup.progress?.done ? STEPS.length : step} size="sm" allowNextStepsSelect={false}>
          {STEPS.map((name) => (
            <Stepper.Step key={name} label={t(`setup.steps.${name}`)} />
          ))}
        </Stepper>
        {step === FINISH ? (
          setup.progress && <ProgressPanel progress={setup.progress} onFinish={finish} onRetry={setup.retry} onSkip={setup.skip} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="xl">
              {step === WELCOME && <WelcomePanel />}
              {step === ADMIN && <AdminPanel form={admin} />}
              {step === LICENSE && (
                <LicensePanel
                  draft={license}
                  onChange={changeLicense}
                  error={licenseError}
                  communityNameError={communityNameError}
                />
              )}
              {step === ENGINE && <EnginePanel choice={engine} onChange={setEngine} />}
              <Group justify="space-between">
                {step > WELCOME ? (
                  <Button type="button" variant="default" onClick={() => setStep((current) => current - 1)}>
                    {t('setup.back')}
                  </Button>
                ) : (
                  <span />
                )}
                <Button type="submit">{step === ENGINE ? t('setup.start') : t('setup.next')}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
