import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLStoreContext {
  package func addMember(
    _ userID: UserID, to group: GroupName, at time: Date
  ) throws(AuthError) -> Bool {
    try run { () throws(Failure) in
      // The UNIQUE name decides a race to make the group; the primary key one to join it.
      try execute(
        """
        INSERT INTO user_groups (name, created_at) VALUES (\(group.canonical), \(time))
        ON CONFLICT (name) DO NOTHING
        """)
      return try execute(
        """
        INSERT INTO group_members (group_id, user_id, added_at)
        SELECT id, \(userID.rawValue), \(time) FROM user_groups WHERE name = \(group.canonical)
        ON CONFLICT DO NOTHING
        """) > 0
    }
  }

  package func removeMember(_ userID: UserID, from group: GroupName) throws(AuthError) -> Bool {
    try run { () throws(Failure) in
      let removed = try execute(
        """
        DELETE FROM group_members WHERE user_id = \(userID.rawValue)
          AND group_id = (SELECT id FROM user_groups WHERE name = \(group.canonical))
        """)
      try execute(
        """
        DELETE FROM user_groups WHERE name = \(group.canonical)
          AND NOT EXISTS (SELECT 1 FROM group_members WHERE group_id = user_groups.id)
        """)
      return removed > 0
    }
  }

  package func groupSummaries() throws(AuthError) -> [GroupSummary] {
    try run { () throws(Failure) in
      try query(
        """
        SELECT \(Self.groupSummaryColumns) FROM user_groups
        JOIN group_members ON group_members.group_id = user_groups.id
        GROUP BY user_groups.id ORDER BY user_groups.name
        """, row: Self.groupSummary)
    }
  }

  package func members(of group: GroupName) throws(AuthError) -> [User] {
    try run { () throws(Failure) in
      try query(
        """
        SELECT \(Self.userColumns) FROM user_groups
        JOIN group_members ON group_members.group_id = user_groups.id
        JOIN users ON users.id = group_members.user_id
        WHERE user_groups.name = \(group.canonical) ORDER BY users.username
        """, row: Self.user)
    }
  }

  package func groups(of userID: UserID) throws(AuthError) -> [GroupName] {
    try run { () throws(Failure) in
      try query(
        """
        SELECT user_groups.name AS group_name FROM group_members
        JOIN user_groups ON user_groups.id = group_members.group_id
        WHERE group_members.user_id = \(userID.rawValue) ORDER BY user_groups.name
        """, row: Self.groupName)
    }
  }
}
