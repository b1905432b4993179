// The media library's picker in its dialog, for an image field (ImageField.tsx): loaded when first
// opened, so neither the picker nor the dialog is part of what the builder needs to start.
import { Dialog } from '../../shared/Dialog.tsx';
import { LibraryPicker, type PickedImage } from '../../shared/library/LibraryPicker.tsx';
import type { LibraryReader } from '../../media/firebase-library.ts';

export function LibraryPickerDialog({
  library,
  selected,
  onPick,
  onClose,
}: {
  library: LibraryReader;
  selected: string;
  onPick: (image: PickedImage) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title="Choose a photo from the media library"
      onClose={onClose}
      className="picker-dialog"
    >
      {(close) => (
        <LibraryPicker
          library={library}
          selected={selected}
          onPick={(picked) => {
            onPick(picked);
            close();
          }}
        />
      )}
    </Dialog>
  );
}
