// What the demo's course files say (scripts/demo-files-generate.ts prints them as PDFs):
// for each course of the demo student's semester (L2 Génie logiciel, semester 1) its
// syllabus, lecture slides and tutorial sheet (weeks 1 to 3 of its materials), and for
// every course of the current semester the exercises of its first written assignment
// ("Traitez les trois exercices de la fiche jointe", seed.sql). Standard PDF fonts only
// print Latin-1 (WinAnsi): no mathematical symbols, arrows or narrow spaces here.

export interface Slide {
  title: string;
  bullets: string[];
}

export interface CourseHandouts {
  code: string;
  title: string;
  language: "fr" | "en";
  teacher: string;
  /** Week 1: the chapters, then the reading list and how the course is assessed. */
  syllabus?: { chapters: string[]; reading: string; assessment: string };
  /** Week 2: the lecture's slides (the first is the title slide). */
  slides?: { lecture: string; slides: Slide[] };
  /** Week 3: the tutorial's exercises. */
  tutorial?: string[];
  /** The three exercises of written assignment 1. */
  assignment: [string, string, string];
}

const MBARGA = "Jean-Paul Mbarga";

export const COURSE_HANDOUTS: CourseHandouts[] = [
  {
    code: "INF-L2-101",
    title: "Algorithmique et structures de données",
    language: "fr",
    teacher: MBARGA,
    syllabus: {
      chapters: [
        "1. Complexité : notations grand O, grand Oméga, grand Thêta ; coût des boucles et des appels récursifs.",
        "2. Tris : insertion, fusion, rapide ; tri par comptage.",
        "3. Structures linéaires : piles, files, listes chaînées, tables de hachage.",
        "4. Arbres : arbres binaires de recherche, arbres équilibrés (AVL), tas ; parcours.",
        "5. Graphes : parcours en largeur et en profondeur, plus courts chemins (Dijkstra).",
      ],
      reading: "Cormen, Leiserson, Rivest, Stein, Algorithmique, 3e éd., Dunod.",
      assessment: "Contrôle continu 40 % (contrôle, devoir surveillé, devoirs maison), examen final 60 %.",
    },
    slides: {
      lecture: "Cours 2 — Complexité des algorithmes",
      slides: [
        { title: "Complexité des algorithmes", bullets: ["Algorithmique et structures de données — L2 Génie logiciel", "Semaine 2"] },
        {
          title: "Pourquoi mesurer ?",
          bullets: [
            "Deux programmes justes peuvent différer d'un facteur 1000 en temps.",
            "On compte les opérations élémentaires en fonction de la taille n de l'entrée.",
            "On s'intéresse au pire cas et au comportement quand n devient grand.",
          ],
        },
        {
          title: "La notation grand O",
          bullets: [
            "f(n) = O(g(n)) : à partir d'un certain rang, f(n) <= c . g(n).",
            "Boucle simple sur n éléments : O(n) ; deux boucles imbriquées : O(n^2).",
            "Recherche dichotomique dans un tableau trié : O(log n).",
          ],
        },
        {
          title: "À retenir",
          bullets: ["Le coût d'une boucle = nombre de tours x coût d'un tour.", "Un appel récursif se résout par une équation de récurrence.", "TD de la semaine 3 : exercices 1 à 4 de la fiche."],
        },
      ],
    },
    tutorial: [
      "Exercice 1. Donnez la complexité, en fonction de n, de deux boucles imbriquées où la boucle interne va de i à n.",
      "Exercice 2. Déroulez le tri par insertion sur le tableau [7, 3, 9, 1, 5] et comptez les comparaisons.",
      "Exercice 3. Écrivez la recherche dichotomique en version récursive et montrez qu'elle fait au plus log2(n) + 1 appels.",
      "Exercice 4. Résolvez la récurrence T(n) = 2 T(n/2) + n avec T(1) = 1 (tri fusion).",
    ],
    assignment: [
      "Exercice 1. Implémentez une pile à l'aide d'un tableau dynamique ; donnez le coût amorti de l'empilement.",
      "Exercice 2. Comparez expérimentalement le tri par insertion et le tri fusion sur des tableaux de 1 000, 10 000 et 100 000 entiers ; commentez.",
      "Exercice 3. Écrivez une fonction qui vérifie qu'un arbre binaire est un arbre binaire de recherche ; donnez sa complexité.",
    ],
  },
  {
    code: "INF-L2-102",
    title: "Bases de données relationnelles",
    language: "fr",
    teacher: MBARGA,
    syllabus: {
      chapters: [
        "1. Le modèle relationnel : relations, clés, dépendances fonctionnelles.",
        "2. Algèbre relationnelle et SQL : sélection, projection, jointures, agrégats.",
        "3. Conception : modèle entité-association, passage au relationnel.",
        "4. Normalisation : 1FN, 2FN, 3FN, FNBC.",
        "5. Transactions : ACID, verrous, niveaux d'isolation ; index et plans d'exécution.",
      ],
      reading: "Date, An Introduction to Database Systems, 8e éd. ; documentation de PostgreSQL.",
      assessment: "Contrôle continu 40 % (quiz, projet entité-association, devoirs maison), examen final 60 %. Travaux pratiques sur PostgreSQL.",
    },
    slides: {
      lecture: "Cours 2 — Le modèle relationnel",
      slides: [
        { title: "Le modèle relationnel", bullets: ["Bases de données relationnelles — L2 Génie logiciel", "Semaine 2"] },
        {
          title: "Relations et attributs",
          bullets: ["Une relation est un ensemble de n-uplets de même schéma.", "ETUDIANT(matricule, nom, date_naissance, filiere)", "Chaque attribut prend ses valeurs dans un domaine."],
        },
        {
          title: "Clés",
          bullets: [
            "Clé candidate : ensemble minimal d'attributs qui identifie un n-uplet.",
            "Clé primaire : la clé candidate choisie ; jamais NULL.",
            "Clé étrangère : référence la clé d'une autre relation (INSCRIPTION.matricule).",
          ],
        },
        {
          title: "À retenir",
          bullets: [
            "Une association plusieurs-à-plusieurs devient une table à part.",
            "Le schéma se lit : nom de la relation, attributs, clé soulignée.",
            "TD de la semaine 3 : requêtes SQL sur la base Scolarité.",
          ],
        },
      ],
    },
    tutorial: [
      "Exercice 1. Sur la base Scolarité, écrivez la requête qui liste les étudiants de L2 inscrits en Génie logiciel, par ordre alphabétique.",
      "Exercice 2. Comptez les inscrits par filière et par niveau (GROUP BY) ; ne gardez que les groupes de plus de 20 étudiants (HAVING).",
      "Exercice 3. Écrivez une jointure entre ETUDIANT, INSCRIPTION et FILIERE ; expliquez le rôle de chaque condition.",
      "Exercice 4. Traduisez en algèbre relationnelle la requête de l'exercice 1.",
    ],
    assignment: [
      "Exercice 1. Donnez les dépendances fonctionnelles de la relation COURS(code, titre, credits, enseignant, bureau_enseignant) et ses clés.",
      "Exercice 2. Décomposez-la en troisième forme normale ; justifiez chaque étape.",
      "Exercice 3. Écrivez les CREATE TABLE de votre décomposition, avec clés primaires et étrangères.",
    ],
  },
  {
    code: "INF-L2-103",
    title: "Programmation web",
    language: "fr",
    teacher: "Martine Ekotto",
    syllabus: {
      chapters: [
        "1. HTML sémantique et accessibilité : titres, listes, formulaires, libellés.",
        "2. CSS : boîtes, flexbox, grilles, mise en page pour le téléphone d'abord.",
        "3. JavaScript dans le navigateur : DOM, événements, requêtes fetch.",
        "4. Formulaires et validation côté client et côté serveur.",
        "5. Mise en ligne : HTTP, cache, performances sur une connexion lente.",
      ],
      reading: "MDN Web Docs (developer.mozilla.org), guides HTML, CSS et JavaScript.",
      assessment: "Contrôle continu 40 % (TP notés, devoir maison), examen final 60 %.",
    },
    slides: {
      lecture: "Cours 2 — Mise en page avec CSS",
      slides: [
        { title: "Mise en page avec CSS", bullets: ["Programmation web — L2 Génie logiciel", "Semaine 2"] },
        {
          title: "Le modèle de boîte",
          bullets: [
            "Contenu, marge intérieure (padding), bordure, marge extérieure.",
            "box-sizing: border-box simplifie le calcul des largeurs.",
            "Les éléments en ligne et en bloc ne se placent pas de la même façon.",
          ],
        },
        {
          title: "Flexbox",
          bullets: [
            "display: flex aligne des éléments sur un axe.",
            "justify-content pour l'axe principal, align-items pour l'axe secondaire.",
            "flex-wrap: wrap laisse passer à la ligne sur un petit écran.",
          ],
        },
        { title: "À retenir", bullets: ["Concevez d'abord pour un écran de 360 pixels.", "Une page ne doit jamais défiler sur le côté.", "TD de la semaine 3 : la page d'accueil d'une association."] },
      ],
    },
    tutorial: [
      "Exercice 1. Écrivez en HTML sémantique la page d'accueil d'une association (en-tête, navigation, contenu, pied de page).",
      "Exercice 2. Mettez en page trois cartes côte à côte sur ordinateur et l'une sous l'autre sur téléphone, avec flexbox.",
      "Exercice 3. Ajoutez un formulaire de contact dont chaque champ a son libellé ; vérifiez-le au clavier seul.",
    ],
    assignment: [
      "Exercice 1. Réalisez une page de présentation d'une filière (titre, description, tableau des cours) en HTML sémantique.",
      "Exercice 2. Rendez-la lisible à 360 pixels de large sans défilement horizontal ; le tableau devient une liste.",
      "Exercice 3. Ajoutez un filtre JavaScript qui n'affiche que les cours d'un semestre choisi.",
    ],
  },
  {
    code: "INF-L2-104",
    title: "Réseaux informatiques",
    language: "fr",
    teacher: "Samuel Tchana",
    syllabus: {
      chapters: [
        "1. Modèles OSI et TCP/IP ; encapsulation.",
        "2. Couche liaison : Ethernet, commutation, VLAN.",
        "3. Couche réseau : adressage IPv4, sous-réseaux, routage statique.",
        "4. Couche transport : TCP et UDP, ports, connexions.",
        "5. Services : DNS, DHCP, HTTP ; diagnostic avec ping, traceroute et Wireshark.",
      ],
      reading: "Tanenbaum, Wetherall, Réseaux, 5e éd., Pearson.",
      assessment: "Contrôle continu 40 % (TP en salle, devoir maison), examen final 60 %.",
    },
    slides: {
      lecture: "Cours 2 — Adressage IPv4",
      slides: [
        { title: "Adressage IPv4", bullets: ["Réseaux informatiques — L2 Génie logiciel", "Semaine 2"] },
        {
          title: "Une adresse, deux parties",
          bullets: [
            "32 bits écrits en quatre octets : 192.168.10.25",
            "Le masque sépare la partie réseau de la partie hôte : /24 = 255.255.255.0",
            "Adresse de réseau et adresse de diffusion ne sont pas attribuables.",
          ],
        },
        {
          title: "Découper en sous-réseaux",
          bullets: ["Emprunter des bits à la partie hôte crée des sous-réseaux.", "Un /26 donne 64 adresses, dont 62 utilisables.", "Chaque sous-réseau a sa passerelle."],
        },
        { title: "À retenir", bullets: ["Nombre d'hôtes = 2^(32 - préfixe) - 2.", "Toujours vérifier le masque avant de router.", "TD de la semaine 3 : plan d'adressage d'un campus."] },
      ],
    },
    tutorial: [
      "Exercice 1. Donnez l'adresse de réseau, la diffusion et la plage utilisable de 172.16.45.130/27.",
      "Exercice 2. Découpez 192.168.20.0/24 en quatre sous-réseaux égaux ; donnez-en les masques.",
      "Exercice 3. Proposez le plan d'adressage d'un campus de trois bâtiments de 50, 30 et 10 postes.",
    ],
    assignment: [
      "Exercice 1. Expliquez l'encapsulation d'une requête HTTP de la couche application à la couche liaison.",
      "Exercice 2. Capturez avec Wireshark l'ouverture d'une connexion TCP ; commentez les trois segments.",
      "Exercice 3. Comparez TCP et UDP pour une visioconférence sur une connexion 3G.",
    ],
  },
  {
    code: "INF-L2-105",
    title: "Mathématiques discrètes",
    language: "fr",
    teacher: "Hélène Ngo Bayiha",
    syllabus: {
      chapters: [
        "1. Logique propositionnelle et raisonnements.",
        "2. Ensembles, relations, fonctions.",
        "3. Récurrence et dénombrement.",
        "4. Arithmétique : divisibilité, congruences, PGCD.",
        "5. Graphes : chemins, arbres, coloration.",
      ],
      reading: "Rosen, Mathématiques discrètes, Chenelière.",
      assessment: "Contrôle continu 40 %, examen final 60 %.",
    },
    slides: {
      lecture: "Cours 2 — Raisonnement par récurrence",
      slides: [
        { title: "Raisonnement par récurrence", bullets: ["Mathématiques discrètes — L2 Génie logiciel", "Semaine 2"] },
        {
          title: "Le principe",
          bullets: ["Initialisation : la propriété est vraie au rang n0.", "Hérédité : si elle est vraie au rang n, elle l'est au rang n + 1.", "Conclusion : elle est vraie pour tout n >= n0."],
        },
        { title: "Un exemple", bullets: ["1 + 2 + ... + n = n(n + 1) / 2", "Rang 1 : 1 = 1 x 2 / 2.", "Hérédité : on ajoute n + 1 aux deux membres."] },
        {
          title: "À retenir",
          bullets: ["Rédigez toujours les trois étapes.", "La récurrence forte suppose la propriété vraie pour tous les rangs précédents.", "TD de la semaine 3 : exercices 1 à 3."],
        },
      ],
    },
    tutorial: [
      "Exercice 1. Montrez par récurrence que 2^n > n pour tout entier naturel n.",
      "Exercice 2. Combien de mots de passe de 6 caractères peut-on former avec 26 lettres et 10 chiffres ?",
      "Exercice 3. Calculez le PGCD de 1 071 et 462 par l'algorithme d'Euclide.",
    ],
    assignment: [
      "Exercice 1. Montrez par récurrence que la somme des n premiers entiers impairs vaut n^2.",
      "Exercice 2. Combien d'arêtes a un arbre à n sommets ? Démontrez-le.",
      "Exercice 3. Résolvez la congruence 7x = 3 (mod 10).",
    ],
  },
  {
    code: "ANG-L2-106",
    title: "English for Computing",
    language: "en",
    teacher: "Peter Ndip",
    syllabus: {
      chapters: [
        "1. Describing software: features, requirements, user stories.",
        "2. Reading documentation and error messages.",
        "3. Writing clear e-mails and bug reports.",
        "4. Presenting a project in a short talk.",
        "5. Job interviews in the IT sector.",
      ],
      reading: "Esteras, Infotech: English for Computer Users, 4th ed., Cambridge University Press.",
      assessment: "Continuous assessment 40 % (speaking workshops, written assignment), final exam 60 %.",
    },
    slides: {
      lecture: "Lecture 2 — Writing a good bug report",
      slides: [
        { title: "Writing a good bug report", bullets: ["English for Computing — L2 Software Engineering", "Week 2"] },
        { title: "What a report must say", bullets: ["What you did: the exact steps.", "What you expected, and what happened instead.", "Where: browser, phone, version, connection."] },
        { title: "Useful phrases", bullets: ["Steps to reproduce: ...", "Expected result / actual result.", "This happens every time / only on slow connections."] },
        { title: "Key points", bullets: ["One bug per report.", "A screenshot is worth a paragraph.", "Week 3 tutorial: rewrite three poor reports."] },
      ],
    },
    tutorial: [
      'Exercise 1. Rewrite the report "the app doesn\'t work" as a complete bug report.',
      "Exercise 2. Read the error message of the handout and explain it to a classmate in plain English.",
      "Exercise 3. Write a user story for paying school fees by mobile money.",
    ],
    assignment: [
      "Exercise 1. Write a 150-word description of an application you use every day.",
      "Exercise 2. Write a bug report for a problem you met on a website, with steps to reproduce.",
      "Exercise 3. Prepare a two-minute talk presenting your tutored project; write its outline.",
    ],
  },
  {
    code: "INF-L2-107",
    title: "Systèmes d'exploitation",
    language: "fr",
    teacher: "Samuel Tchana",
    syllabus: {
      chapters: [
        "1. Rôle d'un système d'exploitation ; noyau et appels système.",
        "2. Processus et threads ; ordonnancement.",
        "3. Synchronisation : sections critiques, sémaphores, interblocage.",
        "4. Mémoire : pagination, mémoire virtuelle.",
        "5. Fichiers et entrées-sorties ; l'interpréteur de commandes sous Linux.",
      ],
      reading: "Silberschatz, Galvin, Gagne, Operating System Concepts, 10e éd., Wiley.",
      assessment: "Contrôle continu 40 % (TP sous Linux, devoir maison), examen final 60 %.",
    },
    slides: {
      lecture: "Cours 2 — Processus et ordonnancement",
      slides: [
        { title: "Processus et ordonnancement", bullets: ["Systèmes d'exploitation — L2 Génie logiciel", "Semaine 2"] },
        { title: "Un processus", bullets: ["Un programme en cours d'exécution, avec sa mémoire et ses registres.", "États : prêt, élu, bloqué.", "fork() crée un processus fils sous Linux."] },
        { title: "Ordonnancer", bullets: ["Premier arrivé, premier servi : simple, mais les courts attendent.", "Tourniquet : chacun son quantum de temps.", "Priorités : attention à la famine."] },
        { title: "À retenir", bullets: ["Le temps de réponse compte pour l'utilisateur.", "Changer de processus a un coût.", "TD de la semaine 3 : diagrammes de Gantt d'ordonnancement."] },
      ],
    },
    tutorial: [
      "Exercice 1. Tracez le diagramme de Gantt de cinq processus ordonnancés en tourniquet, quantum de 4 ms.",
      "Exercice 2. Calculez le temps d'attente moyen avec FIFO puis avec le plus court d'abord.",
      "Exercice 3. Écrivez en C un programme qui crée deux processus fils et attend leur fin.",
    ],
    assignment: [
      "Exercice 1. Expliquez la différence entre un processus et un thread, avec un exemple.",
      "Exercice 2. Montrez sur un exemple comment deux processus peuvent s'interbloquer ; proposez une prévention.",
      "Exercice 3. Calculez le nombre de défauts de page de la suite 1 2 3 4 1 2 5 1 2 3 4 5 avec 3 cadres (FIFO puis LRU).",
    ],
  },
  {
    code: "INF-L2-108",
    title: "Projet tutoré",
    language: "fr",
    teacher: MBARGA,
    syllabus: {
      chapters: [
        "1. Choix et validation du sujet avec le tuteur.",
        "2. Cahier des charges : besoins, utilisateurs, contraintes.",
        "3. Conception : modèle de données, maquettes des écrans.",
        "4. Réalisation par itérations, revue de code avec le tuteur.",
        "5. Rapport écrit et soutenance orale.",
      ],
      reading: "Guide du projet tutoré de la filière ; modèle de rapport.",
      assessment: "Rapport 50 %, réalisation 30 %, soutenance 20 %.",
    },
    slides: {
      lecture: "Séance 2 — Rédiger le cahier des charges",
      slides: [
        { title: "Rédiger le cahier des charges", bullets: ["Projet tutoré — L2 Génie logiciel", "Semaine 2"] },
        { title: "Ce qu'il contient", bullets: ["Le contexte et le problème à résoudre.", "Les utilisateurs et ce qu'ils doivent pouvoir faire.", "Les contraintes : délais, matériel, connexion."] },
        {
          title: "Des besoins vérifiables",
          bullets: ["« L'étudiant voit ses notes » plutôt que « l'application est pratique ».", "Chaque besoin a sa priorité.", "Chaque besoin sera testé à la fin."],
        },
        { title: "À retenir", bullets: ["Premier plan du rapport à envoyer au tuteur.", "Rendez-vous de suivi toutes les deux semaines.", "Semaine 3 : fiche de cadrage à remplir."] },
      ],
    },
    tutorial: [
      "1. Intitulé du projet et problème qu'il résout.",
      "2. Utilisateurs visés et leurs trois besoins principaux.",
      "3. Données manipulées (première liste d'entités).",
      "4. Planning en quatre étapes jusqu'à la soutenance.",
    ],
    assignment: [
      "Exercice 1. Rédigez le contexte et le problème de votre projet en une demi-page.",
      "Exercice 2. Listez dix besoins vérifiables, classés par priorité.",
      "Exercice 3. Dessinez la maquette des deux écrans principaux.",
    ],
  },
  {
    code: "INF-M1-201",
    title: "Apprentissage automatique",
    language: "fr",
    teacher: MBARGA,
    assignment: [
      "Exercice 1. Entraînez une régression linéaire sur le jeu de données des prix du cacao fourni ; donnez l'erreur quadratique moyenne.",
      "Exercice 2. Séparez apprentissage et test (80/20) ; expliquez pourquoi on ne teste pas sur les données d'apprentissage.",
      "Exercice 3. Comparez un arbre de décision et une régression logistique sur le jeu des crédits de microfinance.",
    ],
  },
  {
    code: "INF-M1-202",
    title: "Data Engineering",
    language: "en",
    teacher: "Peter Ndip",
    assignment: [
      "Exercise 1. Design the tables of a data warehouse for mobile-money transactions (facts and dimensions).",
      "Exercise 2. Write an ingestion job that loads a daily CSV file and rejects malformed lines.",
      "Exercise 3. Explain how you would make the job safe to run twice on the same file.",
    ],
  },
  {
    code: "CPT-L1-101",
    title: "Comptabilité générale SYSCOHADA",
    language: "fr",
    teacher: "Salomon Abanda",
    assignment: [
      "Exercice 1. Passez au journal les opérations de janvier de l'entreprise Mbida et Fils (achats, ventes, règlements).",
      "Exercice 2. Reportez-les au grand livre et établissez la balance.",
      "Exercice 3. Présentez le bilan d'ouverture selon le plan comptable SYSCOHADA.",
    ],
  },
  {
    code: "GES-L1-102",
    title: "Principes de management",
    language: "fr",
    teacher: "Salomon Abanda",
    assignment: [
      "Exercice 1. Présentez les quatre fonctions du management avec un exemple pris dans une PME camerounaise.",
      "Exercice 2. Dessinez l'organigramme d'une entreprise que vous connaissez ; commentez-le.",
      "Exercice 3. Comparez deux styles de leadership face à une équipe qui manque de motivation.",
    ],
  },
  {
    code: "ECO-L1-103",
    title: "Microéconomie",
    language: "fr",
    teacher: "Hélène Ngo Bayiha",
    assignment: [
      "Exercice 1. Tracez l'offre et la demande de plantain d'un marché de Yaoundé ; trouvez l'équilibre.",
      "Exercice 2. Calculez l'élasticité-prix de la demande entre deux prix donnés ; interprétez-la.",
      "Exercice 3. Montrez l'effet d'une taxe sur le prix payé par le consommateur et reçu par le vendeur.",
    ],
  },
  {
    code: "MKT-L3-301",
    title: "Marketing des réseaux sociaux",
    language: "fr",
    teacher: "Florence Ayuk Tabe",
    assignment: [
      "Exercice 1. Analysez la page Facebook d'une marque camerounaise : cible, ton, fréquence des publications.",
      "Exercice 2. Proposez un calendrier de publications d'un mois pour une boutique en ligne.",
      "Exercice 3. Choisissez trois indicateurs pour mesurer l'effet de la campagne sur les ventes.",
    ],
  },
  {
    code: "CPT-M1-405",
    title: "Audit légal",
    language: "fr",
    teacher: "Florence Ayuk Tabe",
    assignment: [
      "Exercice 1. Décrivez les étapes d'une mission de commissariat aux comptes dans l'espace OHADA.",
      "Exercice 2. Évaluez le contrôle interne du cycle ventes-clients de l'étude de cas.",
      "Exercice 3. Rédigez le paragraphe d'opinion d'un rapport avec réserve.",
    ],
  },
  {
    code: "DRT-L1-101",
    title: "Introduction au droit camerounais",
    language: "fr",
    teacher: "Ahmadou Bouba",
    assignment: [
      "Exercice 1. Présentez la hiérarchie des normes au Cameroun, de la Constitution aux arrêtés.",
      "Exercice 2. Distinguez les juridictions de l'ordre judiciaire et de l'ordre administratif.",
      "Exercice 3. Commentez l'article du Code civil distribué en cours (méthode du commentaire).",
    ],
  },
  {
    code: "DRT-L3-301",
    title: "Droit des sociétés OHADA",
    language: "fr",
    teacher: "Ahmadou Bouba",
    assignment: [
      "Exercice 1. Comparez la SARL et la SA selon l'Acte uniforme : capital, associés, direction.",
      "Exercice 2. Rédigez les clauses essentielles des statuts d'une SARL unipersonnelle.",
      "Exercice 3. Cas pratique : un associé veut céder ses parts à un tiers ; quelle procédure ?",
    ],
  },
  {
    code: "EDU-L2-201",
    title: "Psychologie de l'apprentissage",
    language: "fr",
    teacher: "Régine Mengue",
    assignment: [
      "Exercice 1. Présentez les théories béhavioriste et constructiviste de l'apprentissage.",
      "Exercice 2. Analysez une séance de cours que vous avez suivie au regard de l'une d'elles.",
      "Exercice 3. Proposez trois activités qui favorisent la mémorisation à long terme.",
    ],
  },
  {
    code: "PRO-CQP-WEB",
    title: "Développement web : HTML, CSS et JavaScript",
    language: "fr",
    teacher: "Martine Ekotto",
    assignment: [
      "Exercice 1. Réalisez la page d'accueil d'un restaurant : menu, horaires, plan d'accès.",
      "Exercice 2. Rendez-la lisible sur téléphone, sans défilement horizontal.",
      "Exercice 3. Ajoutez un formulaire de réservation dont chaque champ est vérifié.",
    ],
  },
  {
    code: "PRO-DQP-RES",
    title: "Installation et maintenance des réseaux",
    language: "fr",
    teacher: "Samuel Tchana",
    assignment: [
      "Exercice 1. Dressez la liste du matériel pour câbler une salle de 12 postes.",
      "Exercice 2. Décrivez la procédure de test d'un câble RJ45 et les défauts courants.",
      "Exercice 3. Rédigez la fiche d'intervention d'une panne de connexion d'un poste.",
    ],
  },
  {
    code: "EXT-MBA-101",
    title: "Leadership and Strategy",
    language: "en",
    teacher: "Peter Ndip",
    assignment: [
      "Exercise 1. Apply the five forces to the Cameroonian mobile-money market.",
      "Exercise 2. Describe a strategic decision you took or saw taken; what would you do differently?",
      "Exercise 3. Write a one-page memo proposing a new service to your board.",
    ],
  },
  {
    code: "EXT-DIP-101",
    title: "Stratégie de transformation numérique",
    language: "fr",
    teacher: "Florence Ayuk Tabe",
    assignment: [
      "Exercice 1. Cartographiez les processus d'une organisation que vous connaissez ; repérez-en trois à numériser.",
      "Exercice 2. Estimez les gains et les coûts de l'un d'eux.",
      "Exercice 3. Proposez un plan d'accompagnement du changement pour les équipes concernées.",
    ],
  },
  {
    code: "EXT-CRT-101",
    title: "Gestion de projet : les fondamentaux",
    language: "fr",
    teacher: "Salomon Abanda",
    assignment: [
      "Exercice 1. Rédigez la charte d'un projet d'ouverture d'une agence : objectifs, périmètre, parties prenantes.",
      "Exercice 2. Découpez-le en lots de travaux (WBS) et placez trois jalons.",
      "Exercice 3. Identifiez cinq risques et une réponse pour chacun.",
    ],
  },
];

/** The handout on balanced trees of INF-L2-101 (week 4), whose section 4.3 answers the AVL question. */
export const BALANCED_TREES = {
  code: "INF-L2-101",
  title: "Polycopié — chapitre 4 : arbres équilibrés",
  sections: [
    {
      heading: "4.1 Arbres binaires de recherche",
      text: [
        "Chaque nœud porte une clé plus grande que celles de son sous-arbre gauche et plus petite que celles de son sous-arbre droit.",
        "Recherche, insertion et suppression coûtent O(h), h étant la hauteur de l'arbre.",
      ],
    },
    {
      heading: "4.2 Hauteur et déséquilibre",
      text: ["Insérées dans l'ordre, n clés donnent un arbre de hauteur n : une liste.", "Un arbre AVL garde, en chaque nœud, une différence de hauteur d'au plus 1 entre ses deux sous-arbres."],
    },
    {
      heading: "4.3 Rotations simples et doubles",
      text: [
        "Après une insertion, on remonte vers la racine et on rééquilibre le premier nœud déséquilibré.",
        "Cas gauche-gauche : rotation simple à droite. Cas droite-droite : rotation simple à gauche.",
        "Cas gauche-droite : rotation à gauche du fils gauche, puis rotation à droite du nœud (rotation double).",
        "Cas droite-gauche : symétrique. Une rotation ne coûte que O(1).",
      ],
    },
    {
      heading: "4.4 Hauteur d'un arbre AVL",
      text: ["Un arbre AVL à n nœuds a une hauteur inférieure à 1,45 log2(n + 2).", "Pour 1 000 nœuds, la hauteur est donc au plus 14 : toute opération reste en O(log n)."],
    },
  ],
  exercises: ["Insérez dans un arbre AVL vide les clés 10, 20, 30, 25, 28 ; dessinez l'arbre après chaque rotation.", "Montrez qu'une double rotation est la composition de deux rotations simples."],
};
