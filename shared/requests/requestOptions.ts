/**
 * The choices a request form offers, each an id the server checks and the words a visitor reads
 * (docs/requests.md). Adding a showroom or a budget band is a change here: the server refuses any
 * value not listed, so a stranger cannot make up a choice.
 */
import type { Region } from "../region";

export interface Option {
  value: string;
  label: string;
}

/** The business's showrooms (gb): where a visit can be booked. */
export const SHOWROOMS: readonly Option[] = [
  { value: "frome", label: "The workshop, near Frome, Somerset" },
  { value: "london", label: "The London studio, Clerkenwell" },
];

export const DAYS: readonly Option[] = [
  { value: "mon", label: "Monday" },
  { value: "tue", label: "Tuesday" },
  { value: "wed", label: "Wednesday" },
  { value: "thu", label: "Thursday" },
  { value: "fri", label: "Friday" },
  { value: "sat", label: "Saturday" },
];

export const TIMES_OF_DAY: readonly Option[] = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
  { value: "any", label: "Any time" },
];

export const ROOMS: readonly Option[] = [
  { value: "kitchen", label: "Kitchen" },
  { value: "pantry", label: "Pantry or larder" },
  { value: "utility", label: "Utility or boot room" },
  { value: "dressing", label: "Bedroom or dressing room" },
  { value: "living", label: "Living room or study" },
  { value: "other", label: "Something else" },
];

export const ROOM_SIZES: Record<Region, readonly Option[]> = {
  uk: [
    { value: "small", label: "Small (up to 10 m²)" },
    { value: "medium", label: "Medium (10 to 20 m²)" },
    { value: "large", label: "Large (20 to 35 m²)" },
    { value: "open", label: "Open plan (over 35 m²)" },
  ],
  us: [
    { value: "small", label: "Small (up to 100 sq ft)" },
    { value: "medium", label: "Medium (100 to 200 sq ft)" },
    { value: "large", label: "Large (200 to 375 sq ft)" },
    { value: "open", label: "Open plan (over 375 sq ft)" },
  ],
};

export const BUDGETS: Record<Region, readonly Option[]> = {
  uk: [
    { value: "under-25k", label: "Under £25,000" },
    { value: "25k-40k", label: "£25,000 to £40,000" },
    { value: "40k-60k", label: "£40,000 to £60,000" },
    { value: "over-60k", label: "Over £60,000" },
    { value: "unsure", label: "Not sure yet" },
  ],
  us: [
    { value: "under-30k", label: "Under $30,000" },
    { value: "30k-50k", label: "$30,000 to $50,000" },
    { value: "50k-80k", label: "$50,000 to $80,000" },
    { value: "over-80k", label: "Over $80,000" },
    { value: "unsure", label: "Not sure yet" },
  ],
};

export const TIMEFRAMES: readonly Option[] = [
  { value: "asap", label: "As soon as possible" },
  { value: "3-months", label: "Within 3 months" },
  { value: "6-months", label: "Within 6 months" },
  { value: "12-months", label: "Within a year" },
  { value: "exploring", label: "Just exploring" },
];

/** US states and the District of Columbia, by USPS code. */
export const US_STATES: readonly Option[] = (
  [
    ["AL", "Alabama"],
    ["AK", "Alaska"],
    ["AZ", "Arizona"],
    ["AR", "Arkansas"],
    ["CA", "California"],
    ["CO", "Colorado"],
    ["CT", "Connecticut"],
    ["DE", "Delaware"],
    ["DC", "District of Columbia"],
    ["FL", "Florida"],
    ["GA", "Georgia"],
    ["HI", "Hawaii"],
    ["ID", "Idaho"],
    ["IL", "Illinois"],
    ["IN", "Indiana"],
    ["IA", "Iowa"],
    ["KS", "Kansas"],
    ["KY", "Kentucky"],
    ["LA", "Louisiana"],
    ["ME", "Maine"],
    ["MD", "Maryland"],
    ["MA", "Massachusetts"],
    ["MI", "Michigan"],
    ["MN", "Minnesota"],
    ["MS", "Mississippi"],
    ["MO", "Missouri"],
    ["MT", "Montana"],
    ["NE", "Nebraska"],
    ["NV", "Nevada"],
    ["NH", "New Hampshire"],
    ["NJ", "New Jersey"],
    ["NM", "New Mexico"],
    ["NY", "New York"],
    ["NC", "North Carolina"],
    ["ND", "North Dakota"],
    ["OH", "Ohio"],
    ["OK", "Oklahoma"],
    ["OR", "Oregon"],
    ["PA", "Pennsylvania"],
    ["RI", "Rhode Island"],
    ["SC", "South Carolina"],
    ["SD", "South Dakota"],
    ["TN", "Tennessee"],
    ["TX", "Texas"],
    ["UT", "Utah"],
    ["VT", "Vermont"],
    ["VA", "Virginia"],
    ["WA", "Washington"],
    ["WV", "West Virginia"],
    ["WI", "Wisconsin"],
    ["WY", "Wyoming"],
  ] as const
).map(([value, label]) => ({ value, label }));

export const labelOf = (options: readonly Option[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;
