/** The shapes shared by the two halves of the bottom buttons (./bottom-button, ./bottom-button-native). */
export interface BottomButtonState {
  text: string;
  enabled: boolean;
  busy: boolean;
  onClick: () => void;
}

export type BottomButtonKind = 'main' | 'secondary';
export type BottomButtonOwner = { state: BottomButtonState };
