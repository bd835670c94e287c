import { LANGUAGES, THEMES, type Language, type Theme } from '@corridor/contract';
import { Alert, Input, SegmentedControl, Select, Stack, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFeatures } from '../../api/features.ts';
import { useSaveLanguage } from '../../api/profile.ts';
import { useSessionUser } from '../../api/session.ts';
import { colorSchemeToTheme, themeToColorScheme } from '../../app/colorScheme.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { PROFILE_NS } from './i18n/index.ts';

/**
 * Appearance: theme (light, system, dark; kept in local storage) and, with the i18n feature, the language, kept with
 * the account so it survives a reload and follows the user to another browser (issue 25).
 */
export function AppearanceSection() {
  const { t, i18n } = useTranslation();
  const { t: tp } = useTranslation(PROFILE_NS);
  const features = useFeatures();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const user = useSessionUser();
  const saveLanguage = useSaveLanguage(user.userId);

  const chooseLanguage = (language: Language) => {
    void i18n.changeLanguage(language);
    saveLanguage.mutate(language);
  };

  return (
    <Stack gap="lg" maw={420}>
      <Input.Wrapper
        label={t('profile.appearance.theme')}
        labelElement="div"
        labelProps={{ id: 'profile-theme-label' }}
      >
        <SegmentedControl<Theme>
          aria-labelledby="profile-theme-label"
          fullWidth
          mt={4}
          value={colorSchemeToTheme(colorScheme)}
          onChange={(theme) => setColorScheme(themeToColorScheme(theme))}
          data={THEMES.map((theme) => ({ value: theme, label: t(`profile.appearance.themes.${theme}`) }))}
        />
      </Input.Wrapper>
      {features.i18n && (
        <Select
          label={t('profile.appearance.language')}
          allowDeselect={false}
          value={currentLanguage()}
          onChange={(language) => language && chooseLanguage(language as Language)}
          data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
        />
      )}
      {saveLanguage.isError && (
        <Alert color="red" role="alert">
          {tp('appearance.languageNotSaved', { reason: saveLanguage.error.message })}
        </Alert>
      )}
    </Stack>
  );
}
