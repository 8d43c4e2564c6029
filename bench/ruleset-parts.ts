// Pieces of the small rulesets that tests and benchmarks write inline: the one team every player belongs to.
// A test's ruleset shows what it is about; this part of it never is.

/** `teams:` and `roles:` of a game everyone plays on one team, `all`, whose objective is given. */
export function oneTeam(objective: string): string {
  return `teams:
  - { id: all, name: Everyone, objective: "${objective}" }
roles:
  - { id: member, team: all }
`;
}

/** The setup lines (under `setup:`) that make every player a member of that team. */
export const EVERYONE_A_MEMBER = `  - forEach: players
    as: p
    do:
      - setRole: { player: $p, role: member }
`;
