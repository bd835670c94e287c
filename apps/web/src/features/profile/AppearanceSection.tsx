import { LANGUAGES, THEMES, type Theme } from '@corridor/contract';
import { Input, SegmentedControl, Select, Stack, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFeatures } from '../../api/features.ts';
import { colorSchemeToTheme, themeToColorScheme } from '../../app/colorScheme.ts';
import { currentLanguage } from '../../i18n/index.ts';

/** Appearance: theme (light, system, dark) and, with the i18n feature, the language. */
export function AppearanceSection() {
  const { t, i18n } = useTranslation();
  const features = useFeatures();
  const { colorScheme, setColorScheme } = useMantineColorScheme();

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
          onChange={(language) => language && void i18n.changeLanguage(language)}
          data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
        />
      )}
    </Stack>
  );
}
