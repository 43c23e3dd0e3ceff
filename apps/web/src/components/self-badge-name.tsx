import { Badge } from '@mantine/core';

export interface SelfBadgeNameProps {
  name: string;
  /** The listed user is the one signed in: a 'Self' badge follows the name. */
  isSelf: boolean;
}

/** A user's name in an administration list, marked 'Self' on the viewer's own row. */
export function SelfBadgeName({ name, isSelf }: SelfBadgeNameProps) {
  return (
    <>
      {name}{' '}
      {isSelf ? (
        <Badge size="sm" variant="light">
          Self
        </Badge>
      ) : null}
    </>
  );
}
