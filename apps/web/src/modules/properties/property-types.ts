import type { PropertyType } from '@sheaf/contracts/properties';
import {
  Banknote,
  CalendarDays,
  CircleDot,
  Hash,
  Link,
  ListChecks,
  type LucideIcon,
  ToggleLeft,
  Type,
  UserRound,
} from 'lucide-react';

/** Each type's icon, wherever a property is shown (settings, the document page, list columns). */
export const PROPERTY_TYPE_ICONS: Record<PropertyType, LucideIcon> = {
  text: Type,
  number: Hash,
  monetary: Banknote,
  date: CalendarDays,
  boolean: ToggleLeft,
  select: CircleDot,
  multi_select: ListChecks,
  url: Link,
  member: UserRound,
};

/** The translation key of a type's name ("Multi select"). */
export const propertyTypeLabelKey = (type: PropertyType) => `properties.types.${type}` as const;

/** The translation key of a type's one-line explanation, shown where a type is chosen. */
export const propertyTypeHintKey = (type: PropertyType) => `properties.type-hints.${type}` as const;
