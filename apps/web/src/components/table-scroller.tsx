import { Table, type TableScrollContainerProps } from '@mantine/core';
import shadows from './scroll-shadows.module.css';

/**
 * A table's sideways scroller (Mantine's Table.ScrollContainer) with the scroll shadows at the sides where columns
 * are out of view: on a phone, or a tablet beside the navigation, a touch screen shows no scroll bar until the table
 * is moved, so without them a table read as ending at the screen's edge.
 */
export function TableScroller({ scrollAreaProps, ...props }: TableScrollContainerProps) {
  return (
    <Table.ScrollContainer
      {...props}
      scrollAreaProps={{ ...scrollAreaProps, classNames: { viewport: shadows.shadows } }}
    />
  );
}
