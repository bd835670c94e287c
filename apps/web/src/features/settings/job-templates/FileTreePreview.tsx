import { Paper, Stack, Text } from '@mantine/core';
import { IconFile, IconFileZip, IconFolder, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FILES_NS } from './i18n/index.ts';
import { fileTree, type TemplateFileValue, type TreeNode } from './templateFiles.ts';

const ICONS = { folder: IconFolder, file: IconFile, extracted: IconFileZip, config: IconSettings } as const;

/** What lands next to the config of a run with this template (spec 3 §2.14 "file-tree preview"). */
export function FileTreePreview({ files }: { files: readonly TemplateFileValue[] }) {
  const { t } = useTranslation(FILES_NS);
  return (
    <Paper withBorder p="sm">
      <Text size="sm" fw={500} mb={4}>
        {t('treeTitle')}
      </Text>
      <ul role="tree" aria-label={t('treeLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {fileTree(files).map((node) => (
          <Node key={`${node.kind}:${node.name}`} node={node} />
        ))}
      </ul>
    </Paper>
  );
}

function Node({ node }: { node: TreeNode }) {
  const { t } = useTranslation(FILES_NS);
  const Icon = ICONS[node.kind];
  const label = node.kind === 'extracted' ? t('extracted', { name: node.name }) : node.kind === 'config' ? t('config', { name: node.name }) : node.name;
  return (
    <li role="treeitem" aria-selected={false} aria-label={label}>
      <Stack gap={0}>
        <Text size="sm" c={node.kind === 'config' ? 'dimmed' : undefined} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <Icon size={14} aria-hidden />
          {label}
        </Text>
        {node.children.length > 0 && (
          <ul role="group" style={{ listStyle: 'none', margin: 0, paddingLeft: 20 }}>
            {node.children.map((child) => (
              <Node key={`${child.kind}:${child.name}`} node={child} />
            ))}
          </ul>
        )}
      </Stack>
    </li>
  );
}
