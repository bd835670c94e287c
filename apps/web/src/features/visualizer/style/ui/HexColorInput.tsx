import { ColorInput, type ColorInputProps } from '@mantine/core';
import { parseHex, toHex } from '../color.ts';
import { HexColor } from '../types.ts';

type Props = Omit<ColorInputProps, 'value' | 'onChange' | 'format'> & { value: string; onChange: (hex: string) => void };

/** A colour input with alpha that passes on '#rrggbb' (opaque) or '#rrggbbaa', and only complete colours. */
export function HexColorInput({ value, onChange, ...props }: Props) {
  return (
    <ColorInput
      format="hexa"
      withEyeDropper={false}
      {...props}
      value={value}
      onChange={(next) => {
        if (HexColor.safeParse(next).success) onChange(toHex(parseHex(next)));
      }}
    />
  );
}
